import { useState } from 'react';
import { Card, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeviceType } from '@netconsole/contract';
import { useAllNetworks } from '#shared/networks.ts';
import { useDevices } from '../api/device-log.ts';
import { DeviceLogView, type SharedFilters } from '../components/device-log-view.tsx';
import { SwitchEventView } from '../components/switch-event-view.tsx';
import { TimeRangeField } from '../components/time-range.tsx';
import '../components/log.css';

type View = 'logs' | 'events';
const VIEWS: readonly View[] = ['logs', 'events'];

/**
 * spec §2 /log/device: what the devices reported — their log lines and events (device logs), and a
 * switch's own events (switch events) — over a time range, a network and a device. A device's page
 * links here with `?SN=`; `&view=events` opens a switch's events.
 */
export default function DevicePage() {
  const { t } = useTranslation('log-device');
  const [search, setSearch] = useSearchParams();
  const view: View = search.get('view') === 'events' ? 'events' : 'logs';
  // One object per change: the views start again at their first page when it changes.
  const [shared, setShared] = useState<SharedFilters>(() => ({ SN: search.get('SN') || undefined }));
  const networks = useAllNetworks();
  const devices = useDevices(shared.Network);
  const chosen = devices.data?.find((d) => d.SN === shared.SN);
  // Unknown (undefined) while the devices load.
  const isSwitch = devices.data ? chosen?.Type === DeviceType.Switch : undefined;
  const set = (change: Partial<SharedFilters>) => setShared((s) => ({ ...s, ...change }));
  const deviceOptions = (devices.data ?? [])
    .filter((d) => view === 'logs' || d.Type === DeviceType.Switch)
    .map((d) => ({ value: d.SN, label: d.Alias && d.Alias !== d.SN ? `${d.Alias} (${d.SN})` : d.SN }));

  const chooseDevice = (SN?: string) => {
    set({ SN });
    setSearch(
      (s) => {
        if (SN) s.set('SN', SN);
        else s.delete('SN');
        return s;
      },
      { replace: true },
    );
  };

  return (
    <Card className="log-page" data-testid="device-log-page" data-view={view}>
      <div className="log-toolbar">
        <Segmented<View>
          value={view}
          onChange={(next) =>
            setSearch((s) => {
              s.set('view', next);
              return s;
            })
          }
          options={VIEWS.map((v) => ({
            value: v,
            label: <span data-testid={`device-log-view-${v}`}>{t(`view.${v}`)}</span>,
          }))}
          data-testid="device-log-view"
        />
      </div>
      <div className="log-toolbar">
        <div className="log-filters">
          <TimeRangeField
            value={{ From: shared.From, To: shared.To }}
            onChange={(range) => set(range)}
            testId="device-log-range"
          />
          <Select
            className="log-filter"
            allowClear
            showSearch
            optionFilterProp="label"
            value={shared.Network}
            placeholder={t('filter.allNetworks')}
            aria-label={t('filter.network')}
            loading={networks.isLoading}
            onChange={(Network?: string) => set({ Network, SN: undefined })}
            options={(networks.data?.list ?? []).map((n) => ({ value: n._id, label: n.Name }))}
            data-testid="device-log-network"
          />
          <Select
            className="log-filter-wide"
            allowClear
            showSearch
            optionFilterProp="label"
            value={shared.SN}
            placeholder={t(view === 'logs' ? 'filter.allDevices' : 'filter.chooseSwitch')}
            aria-label={t('filter.device')}
            loading={devices.isLoading}
            onChange={chooseDevice}
            options={
              // A device named by the address stays shown while the list loads or when it is elsewhere.
              shared.SN && !deviceOptions.some((o) => o.value === shared.SN)
                ? [{ value: shared.SN, label: shared.SN }, ...deviceOptions]
                : deviceOptions
            }
            popupMatchSelectWidth={false}
            data-testid="device-log-device"
          />
        </div>
      </div>
      {view === 'logs' ? (
        <DeviceLogView shared={shared} />
      ) : (
        <SwitchEventView shared={shared} isSwitch={isSwitch} />
      )}
    </Card>
  );
}
