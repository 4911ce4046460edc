import { useMemo, useState } from 'react';
import { Button, InputNumber, Select, Switch, Table, Tag, type TableProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONFIG_LIMITS } from '@netconsole/contract';
import { RowAction } from '#shared/components/row-actions.tsx';
import { portProblems, rangesText, type PortValues } from './profile-form-values.ts';
import { SwitchFrontPanel, SwitchPanelLegend, panelPortState } from './switch-front-panel.tsx';
import { SwitchPortEditor, speedText } from './switch-port-editor.tsx';

/**
 * Front panel sizes of the console's switch models (spec §9 B1-B3, as the simulator builds them).
 * The panel's size only draws the ports: the profile holds the ports it sets, whatever the model.
 */
export const PANEL_PRESETS = [
  { model: 'B1', ports: 8 },
  { model: 'B2', ports: 24 },
  { model: 'B3', ports: 48 },
] as const;
const DEFAULT_PANEL = 24;

/** The panel's first size: the smallest model that holds every port the profile sets. */
export function panelSize(ports: readonly PortValues[]): number {
  const highest = Math.max(0, ...ports.map((p) => p.Port));
  if (highest <= DEFAULT_PANEL) return DEFAULT_PANEL;
  return PANEL_PRESETS.find((p) => p.ports >= highest)?.ports ?? highest;
}

export interface SwitchPortsFieldProps {
  /** Form.Item's value: the ports the profile sets. */
  value?: PortValues[];
  onChange?: (ports: PortValues[]) => void;
}

/**
 * The switch profile's ports (a form control): the front panel, a model or a number of ports to draw,
 * single and several selection, the editor drawer, and the list of the ports the profile sets.
 * Ports not touched are not sent: the switch keeps its own settings for them.
 */
export function SwitchPortsField({ value, onChange }: SwitchPortsFieldProps) {
  const { t } = useTranslation('config-switch');
  const ports = useMemo(() => value ?? [], [value]);
  const byNumber = useMemo(() => new Map(ports.map((p) => [p.Port, p])), [ports]);
  // Stored settings the contract now refuses (or typed through the API): marked until edited.
  const invalid = useMemo(
    () => new Set(ports.filter((p) => portProblems(p).length > 0).map((p) => p.Port)),
    [ports],
  );
  const highest = Math.max(0, ...ports.map((p) => p.Port));
  const [size, setSize] = useState(() => panelSize(ports));
  const count = Math.max(size, highest);
  const [several, setSeveral] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [editing, setEditing] = useState<number[] | null>(null);

  const write = (next: PortValues[]) => onChange?.([...next].sort((a, b) => a.Port - b.Port));

  const onPort = (n: number, how: { extend: boolean; toggle: boolean }) => {
    if (how.extend && anchor !== null) {
      const [from, to] = anchor < n ? [anchor, n] : [n, anchor];
      setSelected((s) => new Set([...s, ...Array.from({ length: to - from + 1 }, (_, i) => from + i)]));
      return;
    }
    if (how.toggle || several) {
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(n)) next.delete(n);
        else next.add(n);
        return next;
      });
      setAnchor(n);
      return;
    }
    setSelected(new Set([n]));
    setAnchor(n);
    setEditing([n]);
  };

  const close = () => setEditing(null);
  const apply = (settings: PortValues) => {
    const chosen = new Set(editing);
    const kept = ports.filter((p) => !chosen.has(p.Port));
    const one = chosen.size === 1;
    write([
      ...kept,
      ...[...chosen].map((n) => ({
        ...settings,
        Port: n,
        // Several ports share their settings, not their descriptions.
        Description: one ? settings.Description : (byNumber.get(n)?.Description ?? ''),
      })),
    ]);
    setSelected(new Set());
    close();
  };
  const clear = () => {
    const chosen = new Set(editing);
    write(ports.filter((p) => !chosen.has(p.Port)));
    setSelected(new Set());
    close();
  };

  const chosenList = [...selected].sort((a, b) => a - b);
  const preset = PANEL_PRESETS.find((p) => p.ports === count)?.model ?? 'custom';

  const columns: TableProps<PortValues>['columns'] = [
    { key: 'Port', dataIndex: 'Port', title: t('table.port'), width: 64 },
    {
      key: 'state',
      title: t('table.state'),
      render: (_, p) => (
        <span className="config-list-nowrap">
          <i className={`switch-port-swatch switch-port-${panelPortState(p)}`} aria-hidden />
          {t(`panel.state.${panelPortState(p)}`)}
          {invalid.has(p.Port) ? (
            <Tag color="error" className="switch-port-tag">
              {t('panel.invalid')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'Description',
      dataIndex: 'Description',
      title: t('table.description'),
      render: (v: string) => v || <span className="config-list-muted">—</span>,
    },
    {
      key: 'speed',
      title: t('table.speed'),
      render: (_, p) => (
        <span className="config-list-nowrap">
          {speedText(p.Speed, t('editor.auto'))} / {t(`editor.duplexMode.${p.Duplex}`)}
        </span>
      ),
    },
    { key: 'PVID', dataIndex: 'PVID', title: t('table.pvid') },
    {
      key: 'TaggedVlans',
      dataIndex: 'TaggedVlans',
      title: t('table.tagged'),
      render: (v: string) => v || <span className="config-list-muted">—</span>,
    },
    {
      key: 'poe',
      title: t('table.poe'),
      render: (_, p) => (
        <span className="config-list-nowrap">
          {p.Poe.Mode === 'on'
            ? t('table.poeOn', {
                priority: t(`editor.priority.${p.Poe.Priority}`),
                limit: p.Poe.MaxW == null ? t('table.classLimit') : `${p.Poe.MaxW} W`,
              })
            : t(`editor.poeMode.${p.Poe.Mode}`)}
        </span>
      ),
    },
    {
      key: 'edit',
      title: t('table.actions'),
      render: (_, p) => (
        <RowAction
          label={t('table.edit', { n: p.Port })}
          icon={<EditOutlined />}
          onClick={() => {
            setSelected(new Set([p.Port]));
            setEditing([p.Port]);
          }}
          testId={`switch-port-row-edit-${p.Port}`}
        />
      ),
    },
  ];

  return (
    <div className="switch-ports" data-testid="switch-ports">
      <div className="switch-ports-toolbar">
        <label className="switch-ports-control">
          <span>{t('panel.model')}</span>
          <Select
            className="switch-ports-model"
            value={preset}
            onChange={(m: string) => {
              const p = PANEL_PRESETS.find((x) => x.model === m);
              if (p) setSize(p.ports);
            }}
            options={[
              ...PANEL_PRESETS.map((p) => ({ value: p.model, label: t('panel.preset', p) })),
              { value: 'custom', label: t('panel.custom'), disabled: true },
            ]}
            aria-label={t('panel.model')}
            data-testid="switch-panel-model"
          />
        </label>
        <label className="switch-ports-control">
          <span>{t('panel.count')}</span>
          <InputNumber
            className="switch-ports-count"
            min={Math.max(1, highest)}
            max={CONFIG_LIMITS.ports}
            precision={0}
            value={count}
            onChange={(v) => {
              if (typeof v === 'number') setSize(v);
            }}
            aria-label={t('panel.count')}
            data-testid="switch-panel-count"
          />
        </label>
        <label className="switch-ports-control">
          <Switch
            checked={several}
            onChange={(on) => {
              setSeveral(on);
              if (!on) setSelected(new Set());
            }}
            data-testid="switch-panel-several"
          />
          <span>{t('panel.several')}</span>
        </label>
      </div>
      <p className="config-form-note">{t('panel.hint')}</p>
      <SwitchFrontPanel
        count={count}
        ports={byNumber}
        selected={selected}
        invalid={invalid}
        onPort={onPort}
      />
      <SwitchPanelLegend />
      <div className="switch-ports-selection" aria-live="polite">
        {chosenList.length > 0 ? (
          <>
            <span>{t('panel.selected', { ports: rangesText(chosenList), count: chosenList.length })}</span>
            <Button
              type="primary"
              size="small"
              onClick={() => setEditing(chosenList)}
              data-testid="switch-panel-edit"
            >
              {t('panel.edit', { count: chosenList.length })}
            </Button>
            <Button size="small" onClick={() => setSelected(new Set())} data-testid="switch-panel-unselect">
              {t('panel.unselect')}
            </Button>
          </>
        ) : (
          <Button
            size="small"
            onClick={() => setSelected(new Set(Array.from({ length: count }, (_, i) => i + 1)))}
            data-testid="switch-panel-select-all"
          >
            {t('panel.selectAll')}
          </Button>
        )}
      </div>

      <p className="switch-ports-summary" data-testid="switch-ports-summary">
        {ports.length === 0
          ? t('panel.setsNone')
          : t('panel.sets', { count: ports.length, ports: rangesText(ports.map((p) => p.Port)) })}
      </p>
      {ports.length > 0 && (
        <div className="config-list-table">
          <Table<PortValues>
            rowKey="Port"
            size="small"
            columns={columns}
            dataSource={ports}
            pagination={false}
            data-testid="switch-ports-table"
          />
        </div>
      )}

      {editing && (
        <SwitchPortEditor
          key={editing.join(',')}
          ports={editing}
          current={byNumber}
          onApply={apply}
          onClear={clear}
          onClose={close}
        />
      )}
    </div>
  );
}
