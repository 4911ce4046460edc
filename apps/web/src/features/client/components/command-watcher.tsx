import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMINAL_COMMAND_STATUSES, commandStatusLabels, type Lang } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useClientInfo } from '../api/get-client-info.ts';

export interface WatchedCommand {
  mac: string;
  name: string;
  commandId: string;
  command: 'kick_client' | 'release_client';
}

/** How often a command on its way is looked at, until its device reports the outcome. */
const WATCH_MS = 1500;

/**
 * Says what the device reported of a kick or release once it has (spec §8 "kick or release
 * terminal failed" when it did not succeed), then ends. Renders nothing.
 */
export function CommandWatcher({ watch, onDone }: { watch: WatchedCommand; onDone: () => void }) {
  const { t, i18n } = useTranslation('client-info');
  const info = useClientInfo({ mac: watch.mac, page: 1, limit: 1 }, WATCH_MS);
  const last = info.data?.Client.LastCommand;
  useEffect(() => {
    if (!last || last.CommandId !== watch.commandId) return;
    if (!TERMINAL_COMMAND_STATUSES.includes(last.Status)) return;
    const text = t(`outcome.${watch.command}`, {
      name: watch.name,
      status: commandStatusLabels[last.Status][i18n.language as Lang] ?? last.Status,
    });
    const detail = last.Code ? ` ${t('outcome.code', { code: last.Code })}` : '';
    if (last.Status === 'succeeded') notify.success(text);
    else notify.error(text + detail);
    onDone();
  }, [last, watch, onDone, t, i18n.language]);
  return null;
}
