import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  type TableProps,
} from 'antd';
import { CloseOutlined, DiffOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_LIMIT, errorText, type ConfigVersionItem, type Lang } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { Pagination } from '#shared/components/pagination.tsx';
import { RowAction } from '#shared/components/row-actions.tsx';
import { notify } from '#shared/notify.ts';
import {
  useAllProfiles,
  useAssignedCount,
  useConfigLog,
  useConfigVersion,
  useRestoreVersion,
} from '../api/config-history.ts';
import { ConfigDiff } from '../components/config-diff.tsx';
import { buildDiff, changeCount, onlyChanges } from '../components/config-diff-lines.ts';
import { useScheduleLabels } from '../components/schedule-rules-field.tsx';
import { scheduleSummary } from '../components/schedule-rules.ts';
import './config.css';
import './history-page.css';

/** One version of one profile: what the comparison and a restore name. */
interface VersionRef {
  profile: string;
  profileName: string;
  revision: number;
}

const keyOf = (v: Pick<ConfigVersionItem, 'Profile' | 'Revision'>) => `${v.Profile}#${v.Revision}`;
const refOf = (v: ConfigVersionItem): VersionRef => ({
  profile: v.Profile,
  profileName: v.ProfileName,
  revision: v.Revision,
});

/**
 * The side-by-side comparison of two versions of one profile (older left), with "only changes" and
 * a restore of either side that is not the current revision.
 */
function Comparison({
  pair,
  onClose,
  onRestore,
}: {
  pair: [VersionRef, VersionRef];
  onClose: () => void;
  onRestore: (v: VersionRef) => void;
}) {
  const { t, i18n } = useTranslation('config-history');
  const lang = i18n.language as Lang;
  const labels = useScheduleLabels();
  const [only, setOnly] = useState(false);
  const [a, b] = pair;
  const left = useConfigVersion(a.profile, a.revision);
  const right = useConfigVersion(b.profile, b.revision);
  const l = left.data?.list;
  const r = right.data?.list;
  const sections = useMemo(
    () =>
      l && r ? buildDiff(l.Body, r.Body, { lang, schedule: (rules) => scheduleSummary(rules, labels) }) : [],
    [l, r, lang, labels],
  );
  const count = changeCount(sections);
  const side = (v: NonNullable<typeof l>) =>
    t('diff.side', { revision: v.Revision, time: formatDateTime(v.Time), user: v.User });
  const restoreButton = (v: NonNullable<typeof l>) =>
    !v.Current &&
    v.Exists &&
    v.Action !== 'deleted' && (
      <Button
        icon={<RollbackOutlined />}
        onClick={() => onRestore({ profile: v.Profile, profileName: v.ProfileName, revision: v.Revision })}
        data-testid={`history-restore-r${v.Revision}`}
      >
        {t('restore.button', { revision: v.Revision })}
      </Button>
    );
  return (
    <Card
      className="config-history-compare"
      data-testid="history-compare"
      title={
        <h2 className="config-history-compare-title">
          {t('diff.title', { profile: b.profileName, left: a.revision, right: b.revision })}
        </h2>
      }
      extra={
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('diff.close')}
          onClick={onClose}
          data-testid="history-compare-close"
        />
      }
    >
      {!l || !r ? (
        <Spin tip={t('diff.loading')}>
          <div className="config-history-loading" />
        </Spin>
      ) : (
        <>
          <div className="config-list-toolbar">
            <Space wrap size={12}>
              <label className="config-history-only">
                <Switch checked={only} onChange={setOnly} data-testid="history-only-changes" />{' '}
                {t('diff.onlyChanges')}
              </label>
              <span data-testid="history-diff-count">
                {count === 0 ? t('diff.identical') : t('diff.differences', { count })}
              </span>
            </Space>
            <Space wrap size={8}>
              {restoreButton(l)}
              {restoreButton(r)}
            </Space>
          </div>
          <ConfigDiff
            sections={only ? onlyChanges(sections) : sections}
            leftLabel={side(l)}
            rightLabel={side(r)}
            leftShort={t('list.revision', { revision: l.Revision })}
            rightShort={t('list.revision', { revision: r.Revision })}
          />
        </>
      )}
    </Card>
  );
}

/** Confirms a restore, offering to deliver it now to the devices that have the profile assigned. */
function RestoreDialog({ target, onClose }: { target: VersionRef | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('config-history');
  const lang = i18n.language as Lang;
  const assigned = useAssignedCount(target?.profile ?? null);
  const restore = useRestoreVersion();
  const [deliver, setDeliver] = useState(false);
  const devices = assigned.data ?? 0;
  const submit = async () => {
    if (!target) return;
    const reply = await restore.mutateAsync({
      _id: target.profile,
      Revision: target.revision,
      Deliver: deliver && devices > 0,
    });
    if (reply.Changed)
      notify.success(t('restore.done', { revision: target.revision, next: reply.list.Revision }));
    else notify.info(t('restore.same'));
    if (reply.Delivery) notify.success(t('restore.delivered', { count: reply.Devices }));
    if (reply.DeliveryCode !== null)
      notify.warning(t('restore.deliveryRefused', { reason: errorText(reply.DeliveryCode, lang) }));
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      title={target ? t('restore.title', { revision: target.revision, profile: target.profileName }) : ''}
      okText={t('restore.ok')}
      cancelText={t('restore.cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={restore.isPending}
      okButtonProps={{ 'data-testid': 'history-restore-ok' } as never}
      destroyOnHidden
    >
      <div data-testid="history-restore-dialog">
        <p>{t('restore.description')}</p>
        {assigned.isSuccess &&
          (devices > 0 ? (
            <Checkbox
              checked={deliver}
              onChange={(e) => setDeliver(e.target.checked)}
              data-testid="history-restore-deliver"
            >
              {t('restore.deliver', { count: devices })}
            </Checkbox>
          ) : (
            <Alert type="info" showIcon message={t('restore.noDevices')} />
          ))}
      </div>
    </Modal>
  );
}

/**
 * spec §2 /deviceconf/configHistory: the versions of a chosen profile, or of every profile, newest
 * first — revision, time, who and what changed. Two versions of one profile compare side by side
 * (components/config-diff.tsx); an earlier version is restored as a new revision, optionally
 * delivered at once to the devices that use the profile (docs/configuration.md, "History and
 * restore").
 */
export default function HistoryPage() {
  const { t } = useTranslation('config-history');
  const [params, setParams] = useSearchParams();
  const profile = params.get('_id');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [selected, setSelected] = useState<VersionRef[]>([]);
  const [pair, setPair] = useState<[VersionRef, VersionRef] | null>(null);
  const [restoring, setRestoring] = useState<VersionRef | null>(null);
  const compareRef = useRef<HTMLDivElement>(null);
  const profiles = useAllProfiles();
  const log = useConfigLog({ ...paging, profile });
  const rows = log.data?.list ?? [];

  const compare = (a: VersionRef, b: VersionRef) => {
    setPair(a.revision < b.revision ? [a, b] : [b, a]);
    // The comparison opens below the list: bring it into view (on a phone it is a screen away).
    requestAnimationFrame(() => compareRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const chooseProfile = (id: string) => {
    setParams(id ? { _id: id } : {}, { replace: true });
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };

  const changeTags = (v: ConfigVersionItem) => {
    const tags: ReactNode[] = [];
    if (v.Action === 'created') tags.push(<Tag key="created">{t('list.created')}</Tag>);
    if (v.Action === 'deleted')
      tags.push(
        <Tag key="deleted" color="red">
          {t('list.removed')}
        </Tag>,
      );
    if (v.Action === 'restored')
      tags.push(
        <Tag key="restored" color="purple">
          {v.RestoredFrom !== null
            ? t('list.restoredFrom', { revision: v.RestoredFrom })
            : t('list.restored')}
        </Tag>,
      );
    if (v.Action !== 'deleted')
      for (const c of v.Changes) tags.push(<Tag key={c}>{t(`change.${c}`, c)}</Tag>);
    return (
      <Space size={[0, 4]} wrap>
        {tags}
      </Space>
    );
  };

  const columns: TableProps<ConfigVersionItem>['columns'] = [
    ...(profile
      ? []
      : [
          {
            key: 'Profile',
            title: t('list.column.profile'),
            render: (_: unknown, v: ConfigVersionItem) => (
              <span className="config-list-name">{v.ProfileName}</span>
            ),
          },
        ]),
    {
      key: 'Revision',
      title: t('list.column.revision'),
      render: (_, v) => (
        <span className="config-list-nowrap">
          {t('list.revision', { revision: v.Revision })}{' '}
          {v.Current && (
            <Tag color="blue" data-testid={`history-current-${v.Revision}`}>
              {t('list.current')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'Time',
      title: t('list.column.time'),
      render: (_, v) => <span className="config-list-nowrap">{formatDateTime(v.Time)}</span>,
    },
    { key: 'User', dataIndex: 'User', title: t('list.column.user') },
    { key: 'Changes', title: t('list.column.changes'), render: (_, v) => changeTags(v) },
    {
      key: 'actions',
      title: t('list.column.actions'),
      render: (_, v) => {
        const previous = rows.find((x) => x.Profile === v.Profile && x.Revision === v.Revision - 1);
        return (
          <Space size={2} className="config-list-nowrap">
            {v.Revision > 1 && (
              <RowAction
                label={t('list.comparePrevious', { revision: v.Revision, profile: v.ProfileName })}
                icon={<DiffOutlined />}
                onClick={() =>
                  compare(
                    previous
                      ? refOf(previous)
                      : { profile: v.Profile, profileName: v.ProfileName, revision: v.Revision - 1 },
                    refOf(v),
                  )
                }
                testId={`history-compare-previous-${v.Revision}`}
              />
            )}
            {!v.Current && v.Exists && v.Action !== 'deleted' && (
              <RowAction
                label={t('restore.button', { revision: v.Revision })}
                icon={<RollbackOutlined />}
                onClick={() => setRestoring(refOf(v))}
                testId={`history-restore-row-${v.Revision}`}
              />
            )}
          </Space>
        );
      },
    },
  ];

  const first = selected[0];
  return (
    <div className="config-history" data-testid="history-page">
      <Card className="config-list">
        <p className="config-form-note">{t('intro')}</p>
        <div className="config-list-toolbar">
          <Select
            className="config-history-profile"
            value={profile ?? ''}
            onChange={chooseProfile}
            aria-label={t('filter.profile')}
            showSearch
            optionFilterProp="label"
            options={[
              { value: '', label: t('filter.allProfiles') },
              ...(profiles.data ?? []).map((p) => ({ value: p._id, label: p.Name })),
            ]}
            data-testid="history-profile"
          />
          <Space wrap size={8}>
            <span className="config-list-muted">{t('list.hint')}</span>
            <Button
              type="primary"
              icon={<DiffOutlined />}
              disabled={selected.length !== 2}
              onClick={() => compare(selected[0]!, selected[1]!)}
              data-testid="history-compare-selected"
            >
              {t('list.compare', { count: selected.length })}
            </Button>
          </Space>
        </div>
        <div className="config-list-table">
          <Table<ConfigVersionItem>
            rowKey={keyOf}
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={log.isFetching}
            pagination={false}
            locale={{ emptyText: profile ? t('list.emptyProfile') : t('list.empty') }}
            rowSelection={{
              hideSelectAll: true,
              selectedRowKeys: selected.map((s) => `${s.profile}#${s.revision}`),
              onSelect: (v, checked) =>
                setSelected((old) =>
                  checked
                    ? [...old, refOf(v)].slice(-2)
                    : old.filter((s) => !(s.profile === v.Profile && s.revision === v.Revision)),
                ),
              // Two versions of one profile: another profile's rows wait until the choice is cleared.
              getCheckboxProps: (v) =>
                ({
                  disabled:
                    v.Action === 'deleted' ||
                    (first !== undefined && first.profile !== v.Profile) ||
                    (selected.length === 2 &&
                      !selected.some((s) => s.profile === v.Profile && s.revision === v.Revision)),
                  'aria-label': t('list.select', { revision: v.Revision, profile: v.ProfileName }),
                  'data-testid': `history-select-${v.Revision}`,
                }) as never,
              columnWidth: 36,
            }}
            onRow={(v) => ({ 'data-testid': `history-row-${v.Revision}` }) as HTMLAttributes<HTMLElement>}
            data-testid="history-table"
          />
        </div>
        <div className="config-list-pagination">
          <Pagination
            total={log.data?.count ?? 0}
            page={paging.page}
            limit={paging.limit}
            onChange={(page, limit) => setPaging({ page, limit })}
          />
        </div>
      </Card>
      <div ref={compareRef}>
        {pair && (
          <Comparison
            key={pair.map((p) => `${p.profile}#${p.revision}`).join('|')}
            pair={pair}
            onClose={() => setPair(null)}
            onRestore={setRestoring}
          />
        )}
      </div>
      {/* A new dialog for each version: the delivery choice starts unticked every time. */}
      <RestoreDialog
        key={restoring ? `${restoring.profile}#${restoring.revision}` : 'none'}
        target={restoring}
        onClose={() => setRestoring(null)}
      />
    </div>
  );
}
