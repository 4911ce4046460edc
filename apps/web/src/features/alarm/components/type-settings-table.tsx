import type { HTMLAttributes } from 'react';
import { Grid, Input, Switch, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmThresholdUnits, alarmTypeLabels, type Lang } from '@netconsole/contract';
import { LevelSelect, PushChoice } from './push-fields.tsx';
import type { TypeDraft } from './settings-draft.ts';
import type { Errors } from './settings-errors.ts';

/**
 * The 21 alarm types of a network, one row each: on or off, the threshold in its unit (digits only,
 * spec §5), the level and the push methods. A refusal shows under its cell.
 */
export function TypeSettingsTable(props: {
  types: readonly TypeDraft[];
  errors: Errors;
  onChange: (type: number, patch: Partial<TypeDraft>) => void;
}) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const { errors } = props;
  const narrow = Grid.useBreakpoint().md === false;
  const nameOf = (d: TypeDraft) => alarmTypeLabels[d.Type][lang];
  const error = (d: TypeDraft, field: string) => {
    const text = errors[`${d.Type}.${field}`];
    return text ? (
      <div className="alarm-cell-error" role="alert" data-testid={`alarm-type-error-${d.Type}-${field}`}>
        {text}
      </div>
    ) : null;
  };

  const enable = (d: TypeDraft) => (
    <Switch
      size="small"
      checked={d.Enable}
      onChange={(Enable) => props.onChange(d.Type, { Enable })}
      aria-label={t('settings.enableType', { name: nameOf(d) })}
      data-testid={`alarm-type-enable-${d.Type}`}
    />
  );
  const threshold = (d: TypeDraft) => {
    const unit = alarmThresholdUnits[d.Type];
    if (unit === 'none') return <span className="alarm-muted">{t('settings.noThreshold')}</span>;
    const unitText = t(`settings.unit.${unit}`);
    return (
      <>
        <Input
          className="alarm-threshold"
          value={d.Threshold}
          inputMode="numeric"
          maxLength={9}
          suffix={unitText}
          status={errors[`${d.Type}.Threshold`] ? 'error' : undefined}
          onChange={(e) => props.onChange(d.Type, { Threshold: e.target.value })}
          aria-label={t('settings.thresholdOf', { name: nameOf(d), unit: unitText })}
          data-testid={`alarm-type-threshold-${d.Type}`}
        />
        {error(d, 'Threshold')}
      </>
    );
  };
  const level = (d: TypeDraft) => (
    <>
      <LevelSelect
        value={d.Level}
        onChange={(Level) => props.onChange(d.Type, { Level })}
        label={t('settings.levelOf', { name: nameOf(d) })}
        testId={`alarm-type-level-${d.Type}`}
        invalid={Boolean(errors[`${d.Type}.Level`])}
      />
      {error(d, 'Level')}
    </>
  );
  const push = (d: TypeDraft) => (
    <>
      <PushChoice
        value={d.Push}
        onChange={(Push) => props.onChange(d.Type, { Push })}
        label={t('settings.pushOf', { name: nameOf(d) })}
        testId={`alarm-type-push-${d.Type}`}
      />
      {error(d, 'Push')}
    </>
  );

  // A phone's pane: one block per type (name and switch, then its fields), nothing sideways.
  if (narrow) {
    return (
      <ul className="alarm-type-list" data-testid="alarm-types">
        {props.types.map((d) => (
          <li key={d.Type} data-testid={`alarm-type-row-${d.Type}`} data-enabled={d.Enable ? '1' : '0'}>
            <div className="alarm-type-list-head">
              {enable(d)}
              <span className="alarm-type-name">{nameOf(d)}</span>
            </div>
            <div className="alarm-type-list-fields">
              {alarmThresholdUnits[d.Type] !== 'none' && <div>{threshold(d)}</div>}
              <div>{level(d)}</div>
              <div>{push(d)}</div>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  const columns: NonNullable<TableProps<TypeDraft>['columns']> = [
    { key: 'enable', title: t('settings.column.enable'), width: 64, render: (_, d) => enable(d) },
    {
      key: 'type',
      title: t('settings.column.type'),
      render: (_, d) => <span className="alarm-type-name">{nameOf(d)}</span>,
    },
    { key: 'threshold', title: t('settings.column.threshold'), render: (_, d) => threshold(d) },
    { key: 'level', title: t('settings.column.level'), render: (_, d) => level(d) },
    { key: 'push', title: t('settings.column.push'), render: (_, d) => push(d) },
  ];

  return (
    <Table<TypeDraft>
      rowKey="Type"
      size="small"
      columns={columns}
      dataSource={props.types as TypeDraft[]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="alarm-types"
      onRow={(d) =>
        ({
          'data-testid': `alarm-type-row-${d.Type}`,
          'data-enabled': d.Enable ? '1' : '0',
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
