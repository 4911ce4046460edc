import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCommand, DeviceItem } from '@netconsole/contract';

export interface CommandConfirmProps {
  device: DeviceItem;
  command: DeviceCommand;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** spec §4: a reboot or reset asks first; a reset says it cannot be undone. */
export function CommandConfirm({ device, command, sending, onConfirm, onCancel }: CommandConfirmProps) {
  const { t } = useTranslation('device-list');
  const name = device.Alias || device.SN;
  return (
    <Modal
      open
      title={t(`command.${command}.title`, { name })}
      okText={t(`command.${command}.ok`)}
      cancelText={t('command.cancel')}
      okButtonProps={{ danger: command === 'reset', 'data-testid': 'confirm-ok' } as ButtonProps}
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
