import { useState } from 'react';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { DisconnectOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { displayMac, type ClientCommand, type ClientItem } from '@netconsole/contract';
import { RowAction } from '#shared/components/row-actions.tsx';

export function clientLabel(c: Pick<ClientItem, 'Alias' | 'Name' | 'MAC'>): string {
  return c.Alias || c.Name || (displayMac(c.MAC) ?? c.MAC);
}

interface Props {
  client: ClientItem;
  command: ClientCommand;
  busy: boolean;
  onConfirm: (client: ClientItem, command: ClientCommand) => unknown;
  /** A labelled button (details) instead of the table's icon. */
  full?: boolean;
}

/** Kick or release, asked first; the confirmation's OK is `confirm-ok` for the tests. */
export function ClientCommandAction({ client, command, busy, onConfirm, full }: Props) {
  const { t } = useTranslation('client-info');
  const [confirming, setConfirming] = useState(false);
  const kick = command === 'kick';
  const label = t(kick ? 'action.kick' : 'action.release');
  const icon = kick ? <DisconnectOutlined /> : <UnlockOutlined />;
  const testId = full ? `client-details-${command}` : `client-${command}-${client.MAC}`;
  return (
    <Popconfirm
      title={t(kick ? 'confirm.kickTitle' : 'confirm.releaseTitle')}
      description={
        <span className="client-confirm">
          {t(kick ? 'confirm.kickDescription' : 'confirm.releaseDescription', { name: clientLabel(client) })}
        </span>
      }
      okText={label}
      cancelText={t('action.cancel')}
      okButtonProps={{ danger: kick, 'data-testid': 'confirm-ok' } as ButtonProps}
      onConfirm={() => onConfirm(client, command)}
      open={confirming}
      onOpenChange={setConfirming}
    >
      {full ? (
        <Button icon={icon} danger={kick} loading={busy} data-testid={testId}>
          {label}
        </Button>
      ) : (
        <RowAction
          label={label}
          icon={icon}
          danger={kick}
          loading={busy}
          tooltip={!confirming}
          testId={testId}
        />
      )}
    </Popconfirm>
  );
}
