import type { MouseEvent } from 'react';
import { ThunderboltFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PortValues } from './profile-form-values.ts';

/**
 * How a port is drawn: not set by the profile (the switch keeps its own settings), set and switched
 * off, set and on, set with PoE on.
 */
export type PanelPortState = 'unset' | 'disabled' | 'enabled' | 'poe';

export function panelPortState(port: PortValues | undefined): PanelPortState {
  if (!port) return 'unset';
  if (!port.Enabled) return 'disabled';
  return port.Poe.Mode === 'on' ? 'poe' : 'enabled';
}

export const PANEL_PORT_STATES: readonly PanelPortState[] = ['unset', 'enabled', 'poe', 'disabled'];

export interface SwitchFrontPanelProps {
  /** Ports drawn, numbered from 1. */
  count: number;
  /** The ports the profile sets, by number. */
  ports: ReadonlyMap<number, PortValues>;
  selected: ReadonlySet<number>;
  /** Ports whose settings the contract refuses. */
  invalid: ReadonlySet<number>;
  /** A port clicked; `extend` with shift (a range), `toggle` with ctrl or ⌘. */
  onPort: (port: number, how: { extend: boolean; toggle: boolean }) => void;
}

/**
 * The switch front panel (spec §2 "switch front panel with port configuration"): the ports in two
 * rows, odd above even, as on the hardware. Each port is a button named by its number and state, so
 * the panel is reachable by keyboard; a narrow screen scrolls the panel sideways.
 */
export function SwitchFrontPanel({ count, ports, selected, invalid, onPort }: SwitchFrontPanelProps) {
  const { t } = useTranslation('config-switch');
  const numbers = Array.from({ length: count }, (_, i) => i + 1);

  const button = (n: number) => {
    const port = ports.get(n);
    const state = panelPortState(port);
    const label = [
      t('panel.portLabel', { n }),
      t(`panel.state.${state}`),
      port?.Description ? port.Description : null,
      invalid.has(n) ? t('panel.invalid') : null,
    ]
      .filter(Boolean)
      .join(', ');
    const click = (e: MouseEvent<HTMLButtonElement>) =>
      onPort(n, { extend: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
    return (
      <button
        key={n}
        type="button"
        className={[
          'switch-port',
          `switch-port-${state}`,
          selected.has(n) ? 'switch-port-selected' : '',
          invalid.has(n) ? 'switch-port-invalid' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        aria-label={label}
        aria-pressed={selected.has(n)}
        title={label}
        onClick={click}
        data-testid={`switch-port-${n}`}
        data-state={state}
      >
        {state === 'poe' ? <ThunderboltFilled aria-hidden /> : null}
        <span>{n}</span>
      </button>
    );
  };

  return (
    <div className="switch-panel-scroll">
      <div
        className="switch-panel"
        role="group"
        aria-label={t('panel.label', { count })}
        data-testid="switch-panel"
      >
        <div className="switch-panel-row">{numbers.filter((n) => n % 2 === 1).map(button)}</div>
        <div className="switch-panel-row">{numbers.filter((n) => n % 2 === 0).map(button)}</div>
      </div>
    </div>
  );
}

/** What each colour means. */
export function SwitchPanelLegend() {
  const { t } = useTranslation('config-switch');
  return (
    <div className="switch-panel-legend">
      {PANEL_PORT_STATES.map((s) => (
        <span key={s}>
          <i className={`switch-port-swatch switch-port-${s}`} aria-hidden />
          {t(`panel.state.${s}`)}
        </span>
      ))}
    </div>
  );
}
