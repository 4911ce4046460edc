import { type HTMLAttributes, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Select,
  Table,
  type FormRule,
  type TableProps,
} from 'antd';
import { AndroidOutlined, AppleOutlined, CloudUploadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AppReleaseItem } from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { formatDateTime } from '#shared/format.ts';
import { notify } from '#shared/notify.ts';
import { useActivateRelease } from '../api/activate-release.ts';
import { useReleases } from '../api/get-releases.ts';
import { usePublishRelease } from '../api/publish-release.ts';
import {
  APP_PLATFORMS,
  INITIAL_RELEASE_VALUES,
  NOTES_MAX,
  URL_MAX,
  checkNotes,
  checkPlatform,
  checkUrl,
  checkVersion,
  fieldOfReleaseError,
  releaseNotice,
  sortReleases,
  toReleaseBody,
  type AppPlatform,
  type ReleaseFieldError,
  type ReleaseFormValues,
} from './release-rules.ts';
import './releases-modal.css';

const PLATFORM_ICON: Record<AppPlatform, ReactNode> = {
  android: <AndroidOutlined />,
  ios: <AppleOutlined />,
};

/** An antd rule from a check. */
function rule<V>(check: (value: V) => ReleaseFieldError | null, t: TFunction): FormRule {
  return {
    validator: (_, value: V) => {
      const error = check(value);
      return error ? Promise.reject(new Error(t(`error.${error}`))) : Promise.resolve();
    },
  };
}

const releaseId = (release: Pick<AppReleaseItem, 'Platform' | 'Version'>) =>
  `${release.Platform}-${release.Version}`;

function PlatformName({ platform }: { platform: string }) {
  const { t } = useTranslation('release-dialog');
  return (
    <span className="release-nowrap">
      {PLATFORM_ICON[platform as AppPlatform]} {t(`platform.${platform}`, { defaultValue: platform })}
    </span>
  );
}

/** The publish form: checked here as the server checks it; a refusal is marked on its field. */
function PublishForm({ releases }: { releases: readonly AppReleaseItem[] }) {
  const { t } = useTranslation('release-dialog');
  const [form] = Form.useForm<ReleaseFormValues>();
  const publish = usePublishRelease();
  const platform = Form.useWatch('Platform', form);
  const version = Form.useWatch('Version', form);
  const activate = Form.useWatch('Activate', form) ?? true;
  const known = releaseNotice(releases, platform, version, activate);

  const submit = (values: ReleaseFormValues) => {
    publish.mutate(toReleaseBody(values), {
      onSuccess: (release) => {
        notify.success(
          t(release.Active ? 'message.publishedCurrent' : 'message.published', {
            platform: t(`platform.${release.Platform}`),
            version: release.Version,
          }),
        );
        form.resetFields(['Version', 'Url', 'Notes']);
      },
      onError: (error) => {
        const field = error instanceof ApiError ? fieldOfReleaseError(error.code) : undefined;
        if (field) form.setFields([{ name: field, errors: [errorMessage(error)] }]);
      },
    });
  };

  const unmarked =
    publish.isError && !(publish.error instanceof ApiError && fieldOfReleaseError(publish.error.code));

  let notice: string | null = null;
  if (known?.kind === 'republish') notice = t(known.active ? 'notice.republishCurrent' : 'notice.republish');
  else if (known?.kind === 'older') notice = t('notice.older', { current: known.current });

  return (
    <section className="release-publish" aria-labelledby="release-publish-title">
      <h4 id="release-publish-title" className="release-section-title">
        {t('publish.title')}
      </h4>
      <Form<ReleaseFormValues>
        form={form}
        layout="vertical"
        initialValues={INITIAL_RELEASE_VALUES}
        onFinish={submit}
        onValuesChange={() => publish.isError && publish.reset()}
        requiredMark
        disabled={publish.isPending}
        data-testid="release-form"
      >
        <div className="release-form-grid">
          <Form.Item name="Platform" label={t('field.platform')} required rules={[rule(checkPlatform, t)]}>
            <Select<AppPlatform>
              options={APP_PLATFORMS.map((value) => ({ value, label: <PlatformName platform={value} /> }))}
              optionRender={(option) => (
                <span data-testid={`release-platform-option-${String(option.value)}`}>{option.label}</span>
              )}
              aria-label={t('field.platform')}
              data-testid="release-platform"
            />
          </Form.Item>
          <Form.Item name="Version" label={t('field.version')} required rules={[rule(checkVersion, t)]}>
            <Input placeholder="2.4.0" maxLength={32} autoComplete="off" data-testid="release-version" />
          </Form.Item>
          <Form.Item name="Url" label={t('field.url')} required rules={[rule(checkUrl, t)]}>
            <Input
              placeholder="https://dl.example.com/netconsole-2.4.0.apk"
              maxLength={URL_MAX}
              inputMode="url"
              autoComplete="off"
              data-testid="release-url"
            />
          </Form.Item>
        </div>
        {notice && (
          <div
            className={`release-notice${known?.kind === 'older' ? ' release-notice-warning' : ''}`}
            data-testid="release-notice"
          >
            <InfoCircleOutlined /> {notice}
          </div>
        )}
        <Form.Item name="Notes" label={t('field.notes')} rules={[rule(checkNotes, t)]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={NOTES_MAX}
            placeholder={t('field.notesPlaceholder')}
            data-testid="release-notes"
          />
        </Form.Item>
        {unmarked && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(publish.error)}
            className="release-error"
            data-testid="release-error"
          />
        )}
        <div className="release-form-actions">
          <Form.Item name="Activate" valuePropName="checked" noStyle>
            <Checkbox data-testid="release-current">{t('field.activate')}</Checkbox>
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CloudUploadOutlined />}
            loading={publish.isPending}
            data-testid="release-publish"
          >
            {t('publish.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * The administrator's app releases (issue 3): what the sign-in page offers as download codes.
 * The table lists every release, the current one of each platform marked; "Make current" brings
 * an older one back. Publishing adds a version (or updates one the server knows).
 */
export default function ReleasesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('release-dialog');
  const releases = useReleases();
  const activate = useActivateRelease();
  const list = releases.data?.list ?? [];

  const makeCurrent = (release: AppReleaseItem) =>
    activate.mutate(release._id, {
      onSuccess: (active) =>
        notify.success(
          t('message.activated', { platform: t(`platform.${active.Platform}`), version: active.Version }),
        ),
    });

  const columns: TableProps<AppReleaseItem>['columns'] = [
    {
      key: 'Platform',
      title: t('column.platform'),
      width: 110,
      render: (_, release) => <PlatformName platform={release.Platform} />,
    },
    {
      key: 'Version',
      dataIndex: 'Version',
      title: t('column.version'),
      width: 100,
      render: (version: string) => <span className="release-version">{version}</span>,
    },
    {
      key: 'Url',
      dataIndex: 'Url',
      title: t('column.url'),
      render: (url: string) => (
        <a href={url} target="_blank" rel="noreferrer" className="release-url" title={url}>
          {url}
        </a>
      ),
    },
    {
      key: 'Notes',
      dataIndex: 'Notes',
      title: t('column.notes'),
      width: 220,
      render: (notes: string) =>
        notes ? (
          <div className="release-notes" title={notes}>
            {notes}
          </div>
        ) : (
          <span className="release-muted">—</span>
        ),
    },
    {
      key: 'Active',
      title: t('column.status'),
      width: 130,
      render: (_, release) =>
        release.Active ? (
          <Badge
            status="success"
            text={t('status.current')}
            data-testid={`release-active-${releaseId(release)}`}
          />
        ) : (
          <Button
            size="small"
            onClick={() => makeCurrent(release)}
            loading={activate.isPending && activate.variables === release._id}
            disabled={activate.isPending && activate.variables !== release._id}
            data-testid={`release-activate-${releaseId(release)}`}
          >
            {t('action.makeCurrent')}
          </Button>
        ),
    },
    {
      key: 'CreateTime',
      dataIndex: 'CreateTime',
      title: t('column.createTime'),
      width: 170,
      render: (value: number) => <span className="release-nowrap">{formatDateTime(value)}</span>,
    },
  ];

  return (
    <Modal
      open
      title={t('title')}
      width={1040}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose} data-testid="releases-close">
          {t('close')}
        </Button>,
      ]}
      modalRender={(node) => <div data-testid="releases-modal">{node}</div>}
    >
      <p className="release-intro">{t('intro')}</p>
      <PublishForm releases={list} />
      <h4 className="release-section-title">{t('list.title')}</h4>
      {releases.isError ? (
        <Alert type="error" showIcon title={errorMessage(releases.error)} />
      ) : (
        <Table<AppReleaseItem>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={sortReleases(list)}
          loading={releases.isFetching}
          pagination={false}
          scroll={{ x: 860, y: 320 }}
          onRow={(release) =>
            ({ 'data-testid': `release-row-${releaseId(release)}` }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t('list.empty') }}
          data-testid="release-table"
        />
      )}
    </Modal>
  );
}
