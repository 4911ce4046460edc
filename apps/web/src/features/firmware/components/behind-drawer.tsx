import { useMemo, type HTMLAttributes } from 'react';
import { Button, Drawer, Table, Tag, type TableColumnsType } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DeviceItem } from '@netconsole/contract';
import { useAllNetworks } from '#shared/networks.ts';
import { useModelDevices } from '../api/images.ts';
import { FW_UPGRADE_PATH } from '../pages/paths.ts';
import type { LibraryGroup } from './library-rows.ts';

export interface BehindDrawerProps {
  group: LibraryGroup | null;
  onClose: () => void;
}

/**
 * The devices of a model and hardware version not on its newest known version (the device list has
 * no firmware filter, so they are listed here): alias, network, version, online; with the way to
 * upgrade them when the newest version has an image.
 */
export function BehindDrawer({ group, onClose }: BehindDrawerProps) {
  const { t } = useTranslation('firmware-library');
  const navigate = useNavigate();
  const filter = useMemo(() => (group ? { Model: group.Model, HWVersion: group.HWVersion } : null), [group]);
  const devices = useModelDevices(filter);
  const networks = useAllNetworks();
  const names = new Map((networks.data?.list ?? []).map((n) => [n._id, n.Name]));
  const behind = (devices.data ?? []).filter((d) => group && d.FWVersion !== group.Newest);
  const newestImage = group?.rows.find((r) => r.Newest)?.Image ?? null;

  const columns: TableColumnsType<DeviceItem> = [
    {
      key: 'device',
      title: t('behind.column.device'),
      render: (_, d) => (
        <div className="firmware-stack">
          {/* The device's own page (spec §2 /device/info?SN=): its details and firmware. */}
          <Link className="firmware-strong" to={`/device/info?SN=${encodeURIComponent(d.SN)}`}>
            {d.Alias || d.SN}
          </Link>
          {d.Alias !== d.SN && <span className="firmware-muted">{d.SN}</span>}
        </div>
      ),
    },
    {
      key: 'network',
      title: t('behind.column.network'),
      responsive: ['sm'],
      render: (_, d) => (d.Parent ? (names.get(d.Parent) ?? '—') : '—'),
    },
    { key: 'version', title: t('behind.column.version'), render: (_, d) => d.FWVersion || '—' },
    {
      key: 'online',
      title: t('behind.column.online'),
      render: (_, d) => (
        <Tag color={d.Online ? 'success' : 'default'}>{d.Online ? t('online') : t('offline')}</Tag>
      ),
    },
  ];

  return (
    <Drawer
      open={group !== null}
      onClose={onClose}
      size="large"
      className="firmware-drawer"
      title={
        group ? t('behind.title', { model: group.Model, hw: group.HWVersion, newest: group.Newest }) : ''
      }
      destroyOnHidden
      data-testid="behind-drawer"
      extra={
        newestImage && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => void navigate(`${FW_UPGRADE_PATH}?image=${encodeURIComponent(newestImage._id)}`)}
            data-testid="behind-upgrade"
          >
            {t('behind.upgrade')}
          </Button>
        )
      }
    >
      <div className="firmware-table">
        <Table<DeviceItem>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={behind}
          loading={devices.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(d) => ({ 'data-testid': `behind-device-${d.SN}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: t('behind.empty') }}
        />
      </div>
    </Drawer>
  );
}
