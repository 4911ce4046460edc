import { useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Card, Empty, Grid, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { CloudUploadOutlined, EditOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountRole, type FirmwareItem } from '@netconsole/contract';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import { notify } from '#shared/notify.ts';
import { useSession } from '#shared/session.ts';
import { bytesText } from '#shared/units.ts';
import { useAllImages, useFirmwareVersions, useRemoveImage } from '../api/images.ts';
import { BehindDrawer } from '../components/behind-drawer.tsx';
import { ImageEditModal } from '../components/image-edit-modal.tsx';
import { libraryGroups, type LibraryGroup, type VersionRow } from '../components/library-rows.ts';
import { FW_UPGRADE_PATH, FW_UPLOAD_PATH } from './paths.ts';
import '../components/firmware.css';

/** An image's identity: size, MD5 and checksum, as the device will check them. */
function ImageFacts({ image }: { image: FirmwareItem }) {
  const { t } = useTranslation('firmware-library');
  return (
    <div className="firmware-stack" data-testid={`image-facts-${image._id}`}>
      <span>
        {bytesText(image.Size)} · <span className="firmware-muted">{image.FileName}</span>
      </span>
      <span className="firmware-mono">{t('md5', { md5: image.MD5 })}</span>
      <span className="firmware-mono">{t('checksum', { checksum: image.Checksum })}</span>
    </div>
  );
}

function GroupCard({
  group,
  admin,
  onBehind,
  onEdit,
  onRemove,
}: {
  group: LibraryGroup;
  admin: boolean;
  onBehind: (g: LibraryGroup) => void;
  onEdit: (i: FirmwareItem) => void;
  onRemove: (i: FirmwareItem) => Promise<unknown>;
}) {
  const { t } = useTranslation('firmware-library');
  const navigate = useNavigate();
  // The administrator manages every image; a tenant its own, and uses the published ones.
  const manages = (i: FirmwareItem) => admin || i.Owner === 'tenant';
  // A phone keeps version and actions in view: the device counts go under the version.
  const phone = Grid.useBreakpoint().sm === false;
  const devices = (r: VersionRow) => (
    <span className="firmware-nowrap" data-testid={`library-devices-${group.Model}-${r.FWVersion}`}>
      {t('devicesOnline', { count: r.Devices, online: r.Online })}
    </span>
  );

  const columns: TableColumnsType<VersionRow> = [
    {
      key: 'version',
      title: t('column.version'),
      render: (_, r) => (
        <div className="firmware-stack">
          <span className="firmware-strong firmware-nowrap">
            {r.FWVersion}{' '}
            {r.Newest && (
              <Tag color="green" data-testid={`library-newest-${group.Model}-${r.FWVersion}`}>
                {t('newest')}
              </Tag>
            )}
          </span>
          {r.Image && (
            <Space size={4} wrap>
              {r.Image.Owner === 'admin' && (
                <Tag color={r.Image.Published ? 'blue' : 'default'}>
                  {r.Image.Published ? t('published') : t('unpublished')}
                </Tag>
              )}
            </Space>
          )}
          {!r.Image && <span className="firmware-muted">{t('noImage')}</span>}
          {phone && devices(r)}
        </div>
      ),
    },
    {
      key: 'devices',
      title: t('column.devices'),
      responsive: ['sm'],
      render: (_, r) => devices(r),
    },
    {
      key: 'image',
      title: t('column.image'),
      responsive: ['md'],
      render: (_, r) => (r.Image ? <ImageFacts image={r.Image} /> : '—'),
    },
    {
      key: 'uploaded',
      title: t('column.uploaded'),
      responsive: ['lg'],
      render: (_, r) =>
        r.Image ? (
          <div className="firmware-stack">
            <span className="firmware-nowrap">{formatDateTime(r.Image.CreateTime)}</span>
            <span className="firmware-muted">
              {t('uploadedBy', { creator: r.Image.Creator ?? '—', operator: r.Image.Operator })}
            </span>
            {r.Image.Description && <span className="firmware-small">{r.Image.Description}</span>}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, r) =>
        r.Image && (
          <Space size={2} className="firmware-nowrap">
            <RowAction
              label={t('upgradeDevices', { version: r.FWVersion })}
              icon={<SendOutlined />}
              onClick={() => void navigate(`${FW_UPGRADE_PATH}?image=${encodeURIComponent(r.Image!._id)}`)}
              testId={`library-upgrade-${r.Image._id}`}
            />
            {manages(r.Image) && (
              <RowAction
                label={t('edit.action', { version: r.FWVersion })}
                icon={<EditOutlined />}
                onClick={() => onEdit(r.Image!)}
                testId={`library-edit-${r.Image._id}`}
              />
            )}
            {manages(r.Image) && (
              <ConfirmRowAction
                label={t('remove.action', { version: r.FWVersion })}
                testId={`library-remove-${r.Image._id}`}
                title={t('remove.title', { version: r.FWVersion, model: group.Model })}
                description={t('remove.description')}
                okText={t('remove.ok')}
                cancelText={t('remove.cancel')}
                onConfirm={() => onRemove(r.Image!)}
              />
            )}
          </Space>
        ),
    },
  ];

  return (
    <Card
      className="firmware-group"
      data-testid={`library-group-${group.Model}-${group.HWVersion}`}
      title={
        <h2 className="firmware-group-title">{t('group', { model: group.Model, hw: group.HWVersion })}</h2>
      }
      extra={
        group.Behind > 0 && (
          <Button
            icon={<TeamOutlined />}
            onClick={() => onBehind(group)}
            data-testid={`library-behind-${group.Model}-${group.HWVersion}`}
          >
            {t('showBehind', { count: group.Behind })}
          </Button>
        )
      }
    >
      <p className="firmware-summary" data-testid={`library-summary-${group.Model}-${group.HWVersion}`}>
        {group.Newest
          ? t('summary', { newest: group.Newest, count: group.Devices, behind: group.Behind })
          : t('summaryNone')}
      </p>
      <div className="firmware-table">
        <Table<VersionRow>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={group.rows}
          pagination={false}
          onRow={(r) =>
            ({ 'data-testid': `library-row-${group.Model}-${r.FWVersion}` }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
    </Card>
  );
}

/**
 * spec §2 /fwconf/info: the image library per model and hardware version — the newest known version
 * (over the images and the devices), the devices on each version and how many are behind (listed
 * in a drawer), and each image's size, MD5, checksum, uploader and publication; an image is edited,
 * removed (after a confirmation) or sent to devices from here.
 */
export default function LibraryPage() {
  const { t } = useTranslation('firmware-library');
  const navigate = useNavigate();
  const { user } = useSession();
  const admin = user?.Role === AccountRole.Administrator;
  const view = useFirmwareVersions();
  const images = useAllImages();
  const remove = useRemoveImage();
  const [editing, setEditing] = useState<FirmwareItem | null>(null);
  const [behind, setBehind] = useState<LibraryGroup | null>(null);
  const groups = useMemo(() => libraryGroups(view.data ?? [], images.data ?? []), [view.data, images.data]);
  const loading = (view.isFetching && !view.data) || (images.isFetching && !images.data);

  const removeImage = (image: FirmwareItem) =>
    remove.mutateAsync(image._id).then(
      () => notify.success(t('remove.done', { version: image.FWVersion, model: image.Model })),
      // Already toasted by the app's error policy (15019: an upgrade still uses it).
      () => undefined,
    );

  return (
    <div className="firmware-library firmware-page" data-testid="library-page">
      <Card>
        <div className="firmware-toolbar firmware-toolbar-flat">
          <p className="firmware-intro">{t('intro')}</p>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            onClick={() => void navigate(FW_UPLOAD_PATH)}
            data-testid="library-upload"
          >
            {t('upload')}
          </Button>
        </div>
      </Card>
      {loading ? (
        <Spin>
          <div className="firmware-loading" />
        </Spin>
      ) : groups.length === 0 ? (
        <Card>
          <Empty description={t('empty')} data-testid="library-empty" />
        </Card>
      ) : (
        groups.map((g) => (
          <GroupCard
            key={g.key}
            group={g}
            admin={admin}
            onBehind={setBehind}
            onEdit={setEditing}
            onRemove={removeImage}
          />
        ))
      )}
      <ImageEditModal
        key={editing?._id ?? 'none'}
        image={editing}
        canPublish={admin && editing?.Owner === 'admin'}
        onClose={() => setEditing(null)}
      />
      <BehindDrawer group={behind} onClose={() => setBehind(null)} />
    </div>
  );
}
