import { Card, Empty, Tooltip } from 'antd';
import { ThunderboltFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PortInfoItem } from '@netconsole/contract';
import { bytesText } from '#shared/units.ts';
import { formatDateTime } from '#shared/format.ts';
import { usePortInfo } from '../api/get-port-info.ts';

export type PortState = 'disabled' | 'down' | 'up' | 'poe' | 'fault';

/** How a port is drawn: switched off, link down, link up, delivering PoE, or a PoE fault. */
export function portState(p: PortInfoItem): PortState {
  if (!p.Enabled) return 'disabled';
  if (p.Poe && ['fault', 'overload', 'denied'].includes(p.Poe.Status)) return 'fault';
  if (p.Poe?.Status === 'delivering' && p.Poe.Power > 0) return 'poe';
  return p.Up ? 'up' : 'down';
}

const STATES: PortState[] = ['up', 'poe', 'down', 'disabled', 'fault'];

/** The switch front panel (spec §2): ports in two rows, odd above even, as on the hardware. */
export function PortPanel({ id }: { id: string }) {
  const { t } = useTranslation('telemetry-info');
  const info = usePortInfo(id);
  const ports = info.data?.list ?? [];
  const odd = ports.filter((p) => p.Port % 2 === 1);
  const even = ports.filter((p) => p.Port % 2 === 0);
  const budget = info.data?.PowerBudget;
  const title = (
    <span>
      {t('ports.title')}
      {info.data?.ReportTime ? (
        <span className="device-ports-time">
          {t('ports.reported', { time: formatDateTime(info.data.ReportTime) })}
        </span>
      ) : null}
    </span>
  );
  const extra = budget != null ? t('ports.poe', { used: info.data?.PowerDelivered ?? 0, budget }) : undefined;

  const port = (p: PortInfoItem) => {
    const state = portState(p);
    const lines = [
      `${t('ports.port')} ${p.Port}${p.Name ? ` (${p.Name})` : ''}${p.Uplink ? ` · ${t('ports.uplink')}` : ''}`,
      t(`ports.state.${state}`),
      p.Up && p.Speed !== null
        ? `${p.Speed} Mbps ${p.Duplex === 'half' ? t('ports.half') : t('ports.full')}`
        : null,
      p.Poe ? `PoE: ${p.Poe.Status}, ${p.Poe.Power} W` : null,
      `↓ ${bytesText(p.RxBytes)}  ↑ ${bytesText(p.TxBytes)}`,
    ].filter((l): l is string => l !== null);
    return (
      <Tooltip
        key={p.Port}
        title={lines.map((l) => (
          <div key={l}>{l}</div>
        ))}
      >
        <div
          className={`device-port device-port-${state}${p.Media === 'fiber' ? ' device-port-fiber' : ''}`}
          data-testid={`device-port-${p.Port}`}
          data-state={state}
          aria-label={lines.join(', ')}
        >
          {state === 'poe' ? <ThunderboltFilled /> : null}
          <span>{p.Port}</span>
        </div>
      </Tooltip>
    );
  };

  return (
    <Card size="small" title={title} extra={extra} data-testid="device-info-ports">
      {ports.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ports.none')} />
      ) : (
        <>
          <div className={`device-ports${info.data?.Online ? '' : ' device-ports-stale'}`}>
            <div className="device-ports-row">{odd.map(port)}</div>
            <div className="device-ports-row">{even.map(port)}</div>
          </div>
          <div className="device-ports-legend">
            {STATES.map((s) => (
              <span key={s}>
                <i className={`device-port-swatch device-port-${s}`} />
                {t(`ports.state.${s}`)}
              </span>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
