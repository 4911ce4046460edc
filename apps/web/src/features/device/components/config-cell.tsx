import { Modal, Space, Tag, Tooltip, type ButtonProps } from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceConfigRef, DeviceItem } from '@netconsole/contract';
import { RowAction } from '#shared/components/row-actions.tsx';
import { canRedeliver, configFlag, refText } from './config-state.ts';

/** What runs on the device (else what it was given), flagged when the two differ or an update waits. */
export function ConfigCell({
  device,
  onRedeliver,
}: {
  device: DeviceItem;
  onRedeliver: (d: DeviceItem) => void;
}) {
  const { t } = useTranslation('device-list');
  const c = device.Config;
  const flag = configFlag(c);
  const text = (ref: DeviceConfigRef | null) => (ref ? refText(ref, t('config.deleted')) : t('config.none'));
  const shown = c.Running ?? c.Assigned;
  const tip =
    flag === 'drift'
      ? t('config.driftTip', { running: text(c.Running), assigned: text(c.Assigned) })
      : t('config.outdatedTip', { assigned: text(c.Assigned), latest: c.Latest });
  return (
    <Space size={4} wrap={false} data-testid={`device-config-${device.SN}`} data-flag={flag ?? 'none'}>
      <span className={`device-list-nowrap${c.Running ? '' : ' device-list-muted'}`}>
        {shown ? text(c.Running) : '—'}
      </span>
      {flag && (
        <Tooltip title={tip}>
          {/* Focusable, so the running and assigned revisions are reachable from the keyboard too. */}
          <Tag
            color={flag === 'drift' ? 'warning' : 'processing'}
            tabIndex={0}
            aria-label={`${t(`config.${flag}`)}: ${tip}`}
            data-testid={`device-config-flag-${device.SN}`}
            style={{ marginInlineEnd: 0 }}
          >
            {t(`config.${flag}`)}
          </Tag>
        </Tooltip>
      )}
      {canRedeliver(device) && (
        <RowAction
          label={t('config.redeliver')}
          icon={<CloudSyncOutlined />}
          onClick={() => onRedeliver(device)}
          testId={`device-redeliver-${device.SN}`}
        />
      )}
    </Space>
  );
}

/** Re-delivering asks first: which profile goes to how many devices. */
export function RedeliverConfirm(props: {
  groups: { profile: string; name: string; devices: string[] }[];
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('device-list');
  const count = props.groups.reduce((n, g) => n + g.devices.length, 0);
  return (
    <Modal
      open
      title={t('config.confirmTitle', { count })}
      okText={t('config.confirmOk')}
      cancelText={t('command.cancel')}
      okButtonProps={{ 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      confirmLoading={props.sending}
      onOk={props.onConfirm}
      onCancel={props.onCancel}
      width={460}
    >
      <div data-testid="device-redeliver-confirm">
        <p>{t('config.confirmText')}</p>
        <ul className="device-redeliver-list">
          {props.groups.map((g) => (
            <li key={g.profile}>{t('config.confirmGroup', { name: g.name, count: g.devices.length })}</li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
