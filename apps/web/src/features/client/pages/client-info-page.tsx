import { useCallback, useState } from 'react';
import { Button, Card, Input, Select, Statistic, Tooltip } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type ClientCommand, type ClientItem, type ClientStatus } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useControlClient } from '../api/control-client.ts';
import { useClientStatis } from '../api/get-client-statis.ts';
import { CLIENT_REFRESH_MS, useClients, type ClientParams } from '../api/get-clients.ts';
import { clientLabel } from '../components/client-actions.tsx';
import { STABLE_CLIENT_SORT } from '../components/client-columns.ts';
import { ClientDetails } from '../components/client-details.tsx';
import { ClientTable } from '../components/client-table.tsx';
import { CommandWatcher, type WatchedCommand } from '../components/command-watcher.tsx';
import './client-info-page.css';

/** The server refuses longer searches (clientListQuery). */
const SEARCH_MAX = 64;
type StatusFilter = 'all' | ClientStatus;
type LinkFilter = 'all' | 0 | 1;

/**
 * spec §2 /device/clientinfo: the clients of the tenant's APs and routers — counts, a list to
 * search and filter (online ones first shown), a client's details with its connect log, its alias,
 * and kick or release with the outcome its device reported. The lists read again every few
 * seconds, so joins, leaves and kicks show without a reload.
 */
export default function ClientInfoPage() {
  const { t } = useTranslation('client-info');
  const [params, setParams] = useState<ClientParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    // Not the last sighting, which moves rows about on every read (issue 13).
    sort: STABLE_CLIENT_SORT,
    search: '',
    status: 'online',
  });
  const search = useTypedSearch(setParams);
  const [open, setOpen] = useState<string | null>(null);
  const [watch, setWatch] = useState<WatchedCommand | null>(null);
  const clients = useClients(params, CLIENT_REFRESH_MS);
  const statis = useClientStatis(CLIENT_REFRESH_MS);
  const control = useControlClient();
  const endWatch = useCallback(() => setWatch(null), []);

  const runCommand = (client: ClientItem, command: ClientCommand) =>
    control.mutateAsync({ MAC: client.MAC, command }).then(
      (reply) => {
        // How it left: sent, or held until the device is back; the outcome follows from the device.
        notify.info(reply.Message);
        setWatch({
          mac: client.MAC,
          name: clientLabel(client),
          commandId: reply.CommandId,
          command: reply.Command,
        });
      },
      // Already toasted by the app's error policy (13003 and the like).
      () => undefined,
    );

  const status: StatusFilter = params.status ?? 'all';
  const link: LinkFilter = params.link ?? 'all';
  const s = statis.data;

  return (
    <div className="client-page" data-testid="client-page">
      <div className="client-stats">
        <Card size="small">
          <Statistic title={t('stats.online')} value={s?.Online ?? 0} data-testid="client-stat-online" />
        </Card>
        <Card size="small">
          <Statistic title={t('stats.wireless')} value={s?.Wireless ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={t('stats.wired')} value={s?.Wired ?? 0} />
        </Card>
        {(s?.Bands ?? []).map((b) => (
          <Card size="small" key={b.Band}>
            <Statistic title={t('stats.band', { band: b.Band })} value={b.Online} />
          </Card>
        ))}
        <Card size="small">
          <Statistic title={t('stats.kicked')} value={s?.Kicked ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={t('stats.total')} value={s?.Total ?? 0} />
        </Card>
      </div>
      <Card>
        <div className="client-toolbar">
          <Input
            className="client-search"
            prefix={<SearchOutlined className="client-muted" />}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            allowClear
            maxLength={SEARCH_MAX}
            {...search}
            data-testid="client-search"
          />
          <Select<StatusFilter>
            className="client-filter"
            value={status}
            onChange={(value) =>
              setParams((p) => ({ ...p, page: 1, status: value === 'all' ? undefined : value }))
            }
            options={(['all', 'online', 'offline', 'kicked'] as const).map((value) => ({
              value,
              label: t(`statusFilter.${value}`),
            }))}
            optionRender={(option) => (
              <span data-testid={`client-status-option-${String(option.value)}`}>{option.label}</span>
            )}
            aria-label={t('statusFilter.label')}
            data-testid="client-status-filter"
          />
          <Select<LinkFilter>
            className="client-filter"
            value={link}
            onChange={(value) =>
              setParams((p) => ({ ...p, page: 1, link: value === 'all' ? undefined : value }))
            }
            options={[
              { value: 'all', label: t('linkFilter.all') },
              { value: 1, label: t('linkFilter.wireless') },
              { value: 0, label: t('linkFilter.wired') },
            ]}
            optionRender={(option) => (
              <span data-testid={`client-link-option-${String(option.value)}`}>{option.label}</span>
            )}
            aria-label={t('linkFilter.label')}
            data-testid="client-link-filter"
          />
          <Tooltip title={t('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void Promise.all([clients.refetch(), statis.refetch()])}
              aria-label={t('refresh')}
              data-testid="client-refresh"
            />
          </Tooltip>
        </div>
        <ClientTable
          clients={clients.data?.list ?? []}
          loading={clients.isPending || (clients.isFetching && clients.isPlaceholderData)}
          busyMac={control.isPending ? control.variables.MAC : undefined}
          sort={params.sort}
          onSort={(sort) => setParams((p) => ({ ...p, page: 1, sort: sort ?? STABLE_CLIENT_SORT }))}
          onOpen={(c) => setOpen(c.MAC)}
          onCommand={runCommand}
        />
        <div className="client-pagination">
          <Pagination
            total={clients.data?.count ?? 0}
            page={params.page}
            limit={params.limit}
            onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
          />
        </div>
      </Card>
      {open && (
        <ClientDetails
          mac={open}
          refetchInterval={CLIENT_REFRESH_MS}
          busy={control.isPending && control.variables.MAC === open}
          onCommand={runCommand}
          onClose={() => setOpen(null)}
        />
      )}
      {watch && <CommandWatcher key={watch.commandId} watch={watch} onDone={endWatch} />}
    </div>
  );
}
