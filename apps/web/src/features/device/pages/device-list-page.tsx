import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Checkbox, Input } from 'antd';
import { CloudSyncOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AccountRole,
  DEFAULT_LIMIT,
  DeviceStatus,
  commandStatusLabels,
  deviceStatusLabels,
  deviceTypeLabels,
  type CommandItem,
  type DeviceCommand,
  type DeviceItem,
  type Lang,
} from '@netconsole/contract';
import { ALL, FilterSelect, type FilterSelectProps } from '#shared/components/filter-select.tsx';
import { Pagination } from '#shared/components/pagination.tsx';
import { useLive, useLiveInvalidate, useLiveStatus } from '#shared/live/use-live.ts';
import { notify } from '#shared/notify.ts';
import { useSession } from '#shared/session.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useControlDevice } from '../api/control-device.ts';
import { DEVICE_LIST_KEY, NO_NETWORK, useDevices, type DeviceListParams } from '../api/get-devices.ts';
import { useIssuedInfo } from '../api/get-issued-info.ts';
import { useNetworkNames } from '../api/get-networks.ts';
import { DEVICE_ALARMS_KEY, useOpenAlarmsBySn } from '../api/get-open-alarms.ts';
import { useRedeliverConfig } from '../api/redeliver-config.ts';
import { useUnregisterDevice } from '../api/unregister-device.ts';
import { CommandConfirm } from '../components/command-confirm.tsx';
import { RedeliverConfirm } from '../components/config-cell.tsx';
import { redeliveries } from '../components/config-state.ts';
import { DeviceFormModal } from '../components/device-form-modal.tsx';
import { DeviceTable } from '../components/device-table.tsx';
import {
  changesMembership,
  isOpen,
  patchDeviceList,
  trackedOf,
  withReport,
  type TrackedCommand,
} from '../components/live-rows.ts';
import './device-list-page.css';

/** The server refuses longer searches (deviceListQuery). */
const SEARCH_MAX = 64;
/** While the live socket is away, an open command's outcome is asked for this often. */
const POLL_MS = 1500;

type Dialog =
  | { kind: 'add' }
  | { kind: 'alias'; device: DeviceItem }
  | { kind: 'command'; device: DeviceItem; command: DeviceCommand }
  | { kind: 'redeliver'; groups: ReturnType<typeof redeliveries> }
  | null;

/** A filter of the toolbar: its options carry `device-<name>-option-<value|all>` for tests. */
function DeviceFilter(props: Omit<FilterSelectProps, 'scope' | 'className'>) {
  return <FilterSelect scope="device" className="device-list-select" {...props} />;
}

/** Asks for a command's outcome until it ends; used only while the live socket is not open. */
function CommandPoller({ deviceId, onReport }: { deviceId: string; onReport: (r: CommandItem) => void }) {
  const issued = useIssuedInfo(deviceId, POLL_MS);
  const latest = useRef(onReport);
  useEffect(() => {
    latest.current = onReport;
  });
  useEffect(() => {
    for (const item of issued.data?.list ?? []) latest.current(item);
  }, [issued.data]);
  return null;
}

/**
 * spec §2 /device/list: the devices, filtered by network, status and type, searched by alias, SN
 * or MAC, paged. Rows follow the `device` live topic without a reload; a tenant registers devices,
 * edits aliases, removes registrations and reboots or resets with confirmation, and sees what the
 * device reported of the command.
 */
export default function DeviceListPage() {
  const { t, i18n } = useTranslation('device-list');
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const { user } = useSession();
  const manage = user?.Role !== AccountRole.Administrator;
  const [params, setParams] = useState<DeviceListParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    sort: '-CreateTime',
    search: '',
  });
  const search = useTypedSearch(setParams);
  const devices = useDevices(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [commands, setCommands] = useState<Record<string, TrackedCommand>>({});
  const commandsRef = useRef(commands);
  useEffect(() => {
    commandsRef.current = commands;
  });
  const control = useControlDevice();
  const unregister = useUnregisterDevice();
  const redeliver = useRedeliverConfig();
  // Ticked rows of this page: another page, filter or order starts a new selection.
  const [selected, setSelected] = useState<string[]>([]);
  const [selectedFor, setSelectedFor] = useState(params);
  if (selectedFor !== params) {
    setSelectedFor(params);
    setSelected([]);
  }
  const rows = devices.data?.list ?? [];
  const selectedGroups = redeliveries(rows.filter((d) => selected.includes(d._id)));
  const live = useLiveStatus();
  // Alarms are a cloud-mode area (spec §2): rows with open alarms carry a mark, kept live.
  const cloud = user?.LoginModel === 'cloud';
  const openAlarms = useOpenAlarmsBySn(cloud);
  useLiveInvalidate('alarm', [DEVICE_ALARMS_KEY], { enabled: cloud, delayMs: 500 });

  // The networks of the caller, and any network a row shows that the list does not name yet.
  const networks = useNetworkNames();
  const [parents, setParents] = useState<readonly string[]>([]);
  const seenParents = (devices.data?.list ?? []).flatMap((d) => (d.Parent ? [d.Parent] : []));
  if (!seenParents.every((p) => parents.includes(p))) setParents([...new Set([...parents, ...seenParents])]);
  const networkIds = [...new Set([...(networks.data?.keys() ?? []), ...parents])];
  const networkName = (id: string) => networks.data?.get(id) ?? id;

  // A row follows its device at once; registry news (and status news while the page is filtered or
  // sorted by status) changes which rows the page holds, so the page is asked again.
  useLive('device', (data) =>
    queryClient.setQueriesData({ queryKey: DEVICE_LIST_KEY }, (reply: typeof devices.data) =>
      patchDeviceList(reply, data),
    ),
  );
  const byStatus = params.status !== undefined || params.sort.endsWith('Status');
  useLiveInvalidate('device', [DEVICE_LIST_KEY], {
    when: (data) => changesMembership(data) || (byStatus && data.Event === 'status'),
  });

  const applyReport = (report: CommandItem) => {
    const current = commandsRef.current[report.Device];
    if (!current) return;
    const next = withReport(current, report);
    if (next === current) return;
    commandsRef.current = { ...commandsRef.current, [report.Device]: next };
    setCommands(commandsRef.current);
    if (isOpen(next) || next.status === 'failed_to_send') return;
    const text = t('command.outcome', {
      command: t(`command.${next.command}.name`),
      name: next.name,
      status: commandStatusLabels[next.status][lang],
    });
    if (next.status === 'succeeded') notify.success(text);
    else notify.error(next.code ? `${text} ${t('command.code', { code: next.code })}` : text);
  };
  useLive('command', applyReport);

  const sendCommand = (device: DeviceItem, command: DeviceCommand) =>
    control.mutate(
      { _id: device._id, command },
      {
        onSuccess: (reply) => {
          const item = reply.list[0];
          setDialog(null);
          if (!item) return;
          const tracked = trackedOf(command, device.Alias || device.SN, item.CommandId, item.Delivery);
          commandsRef.current = { ...commandsRef.current, [device._id]: tracked };
          setCommands(commandsRef.current);
          if (item.Delivery === 'failed') notify.error(item.Message);
          else notify.info(item.Message);
        },
      },
    );

  const removeDevice = (device: DeviceItem) =>
    unregister.mutateAsync(device._id).then(
      () => {
        notify.success(t('message.removed', { name: device.Alias || device.SN }));
        // The last row of a later page is gone: show the page before it.
        if (devices.data?.list.length === 1) setParams((p) => (p.page > 1 ? { ...p, page: p.page - 1 } : p));
      },
      // Already toasted by the app's error policy; the confirmation just closes.
      () => undefined,
    );

  // One delivery per assigned profile; each is the tenant's delivery, listed in the delivery records.
  const sendRedeliveries = async (groups: ReturnType<typeof redeliveries>) => {
    let sent = 0;
    try {
      for (const g of groups) {
        await redeliver.mutateAsync(g);
        sent += g.devices.length;
      }
    } catch {
      // Toasted with its code by the app's error policy; what went out before it is said below.
    }
    setDialog(null);
    if (sent > 0) {
      setSelected([]);
      notify.success(t('config.sent', { count: sent }));
    }
  };

  const filter = <K extends 'parent' | 'status' | 'type'>(key: K, value: DeviceListParams[K] | typeof ALL) =>
    setParams((p) => ({ ...p, [key]: value === ALL ? undefined : value, page: 1 }));

  return (
    <Card className="device-list" data-testid="device-list-page">
      <div className="device-list-toolbar">
        <div className="device-list-filters">
          <Input
            className="device-list-search"
            prefix={<SearchOutlined className="device-list-muted" />}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            allowClear
            maxLength={SEARCH_MAX}
            {...search}
            data-testid="device-search"
          />
          <DeviceFilter
            name="network"
            label={t('filter.network')}
            value={params.parent ?? ALL}
            onChange={(v) => filter('parent', v as string)}
            options={[
              { value: ALL, label: t('filter.allNetworks') },
              { value: NO_NETWORK, label: t('filter.noNetwork') },
              ...networkIds.map((id) => ({ value: id, label: networkName(id) })),
            ]}
          />
          <DeviceFilter
            name="status"
            label={t('filter.status')}
            value={params.status ?? ALL}
            onChange={(v) => filter('status', v as DeviceStatus | typeof ALL)}
            options={[
              { value: ALL, label: t('filter.allStatuses') },
              ...Object.values(DeviceStatus).map((s) => ({ value: s, label: deviceStatusLabels[s][lang] })),
            ]}
          />
          <DeviceFilter
            name="type"
            label={t('filter.type')}
            value={params.type ?? ALL}
            onChange={(v) => filter('type', v as number | typeof ALL)}
            options={[
              { value: ALL, label: t('filter.allTypes') },
              ...Object.entries(deviceTypeLabels).map(([v, label]) => ({
                value: Number(v),
                label: label[lang],
              })),
            ]}
          />
          <Checkbox
            checked={params.drift === true}
            onChange={(e) => setParams((p) => ({ ...p, drift: e.target.checked || undefined, page: 1 }))}
            data-testid="device-filter-drift"
          >
            {t('filter.driftOnly')}
          </Checkbox>
        </div>
        <div className="device-list-filters">
          {selectedGroups.length > 0 && (
            <Button
              icon={<CloudSyncOutlined />}
              onClick={() => setDialog({ kind: 'redeliver', groups: selectedGroups })}
              data-testid="device-redeliver-selected"
            >
              {t('config.redeliverSelected', {
                count: selectedGroups.reduce((n, g) => n + g.devices.length, 0),
              })}
            </Button>
          )}
          <Badge
            status={
              live === 'open' ? 'success' : live === 'paused' || live === 'idle' ? 'default' : 'processing'
            }
            text={t(`live.${live}`)}
            data-testid="live-status"
            data-status={live}
          />
          {manage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'add' })}
              data-testid="device-add"
            >
              {t('add')}
            </Button>
          )}
        </div>
      </div>
      <div className="device-list-table">
        <DeviceTable
          devices={rows}
          loading={devices.isFetching && !devices.data}
          sort={params.sort}
          onSort={(sort) => setParams((p) => (p.sort === sort ? p : { ...p, sort, page: 1 }))}
          manage={manage}
          networkName={networkName}
          commands={commands}
          onEditAlias={(device) => setDialog({ kind: 'alias', device })}
          onCommand={(device, command) => setDialog({ kind: 'command', device, command })}
          onRemove={removeDevice}
          onRedeliver={(device) => setDialog({ kind: 'redeliver', groups: redeliveries([device]) })}
          selected={selected}
          onSelect={setSelected}
          alarms={openAlarms.data}
        />
      </div>
      <div className="device-list-pagination">
        <Pagination
          total={devices.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      {live !== 'open' &&
        Object.entries(commands)
          .filter(([, tracked]) => isOpen(tracked))
          .map(([deviceId]) => <CommandPoller key={deviceId} deviceId={deviceId} onReport={applyReport} />)}
      {dialog?.kind === 'add' && <DeviceFormModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'alias' && <DeviceFormModal device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'redeliver' && (
        <RedeliverConfirm
          groups={dialog.groups}
          sending={redeliver.isPending}
          onConfirm={() => void sendRedeliveries(dialog.groups)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'command' && (
        <CommandConfirm
          device={dialog.device}
          command={dialog.command}
          sending={control.isPending}
          onConfirm={() => sendCommand(dialog.device, dialog.command)}
          onCancel={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
