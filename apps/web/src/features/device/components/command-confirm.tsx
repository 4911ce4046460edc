import { useId, useState } from 'react';
import { Alert, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCommand, DeviceItem } from '@netconsole/contract';

export interface CommandConfirmProps {
  device: DeviceItem;
  command: DeviceCommand;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * What the reset confirmation asks to be typed: the device's SN (on its label, unique, and what
 * the row shows), so a reset cannot be confirmed for the wrong device by a reflex click.
 */
export function resetConfirmed(device: Pick<DeviceItem, 'SN'>, typed: string): boolean {
  return typed.trim().toUpperCase() === device.SN.toUpperCase();
}

/** spec §4: a reboot asks first. */
export function CommandConfirm(props: CommandConfirmProps) {
  const { t } = useTranslation('device-list');
  const { device, command, sending, onConfirm, onCancel } = props;
  if (command === 'reset') return <ResetConfirm {...props} />;
  const name = device.Alias || device.SN;
  return (
    <Modal
      open
      title={t(`command.${command}.title`, { name })}
      okText={t(`command.${command}.ok`)}
      cancelText={t('command.cancel')}
      okButtonProps={{ 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      confirmLoading={sending}
      onOk={onConfirm}
      onCancel={onCancel}
      width={440}
    >
      <p data-testid="device-command-confirm">{t(`command.${command}.description`)}</p>
    </Modal>
  );
}

/**
 * A reset erases the device: its own dialog, in danger colours, naming the device (alias, SN,
 * MAC) and enabled only once the SN is typed.
 */
function ResetConfirm({ device, sending, onConfirm, onCancel }: CommandConfirmProps) {
  const { t } = useTranslation('device-list');
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const ok = resetConfirmed(device, typed);
  const name = device.Alias || device.SN;
  return (
    <Modal
      open
      title={<span className="device-reset-title">{t('command.reset.title', { name })}</span>}
      okText={t('command.reset.ok')}
      cancelText={t('command.cancel')}
      okButtonProps={{ danger: true, disabled: !ok, 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      confirmLoading={sending}
      onOk={() => ok && onConfirm()}
      onCancel={onCancel}
      width={480}
    >
      <div data-testid="device-reset-confirm">
        <Alert
          type="error"
          showIcon
          message={t('command.reset.description')}
          className="device-reset-alert"
        />
        <dl className="device-reset-device" data-testid="device-reset-device">
          <dt>{t('column.alias')}</dt>
          <dd>{device.Alias || '—'}</dd>
          <dt>{t('column.sn')}</dt>
          <dd className="device-list-mono">{device.SN}</dd>
          <dt>{t('column.mac')}</dt>
          <dd className="device-list-mono">{device.MAC || '—'}</dd>
        </dl>
        <label htmlFor={inputId} className="device-reset-label">
          {t('command.reset.typeSn', { sn: device.SN })}
        </label>
        <Input
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => ok && onConfirm()}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          data-testid="device-reset-sn"
        />
      </div>
    </Modal>
  );
}
