import { useState, type HTMLAttributes } from 'react';
import { Button, Space, Table, Tag, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  compareLabels,
  customMetricInfo,
  limitMetricInfo,
  pushMethodLabels,
  type AlarmLevel,
  type CustomAlarm,
  type Lang,
  type LimitAlarm,
  type Severity,
} from '@netconsole/contract';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { notify } from '#shared/notify.ts';
import { useRemoveCustomAlarm } from '../api/custom-alarms.ts';
import { useLimitAlarms, useSaveLimitAlarm } from '../api/limit-alarms.ts';
import { LevelTag } from './alarm-level.tsx';
import { CustomAlarmModal } from './custom-alarm-modal.tsx';
import { LimitAlarmModal } from './limit-alarm-modal.tsx';

type Row = Pick<CustomAlarm, '_id' | 'Name' | 'Level' | 'Push' | 'Enable'>;

/** The columns custom and limit alarms share: name, rule, level, push methods, on or off. */
function useCommonColumns<T extends Row>(rule: (row: T) => string): NonNullable<TableProps<T>['columns']> {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  return [
    { key: 'name', title: t('custom.column.name'), render: (_, r) => r.Name },
    { key: 'rule', title: t('custom.column.rule'), render: (_, r) => rule(r) },
    {
      key: 'level',
      title: t('custom.column.level'),
      render: (_, r) => (r.Level ? <LevelTag level={r.Level as Severity} lang={lang} /> : '—'),
    },
    {
      key: 'push',
      title: t('custom.column.push'),
      render: (_, r) => r.Push.map((m) => pushMethodLabels[m][lang]).join(', ') || '—',
    },
    {
      key: 'enable',
      title: t('custom.column.enable'),
      render: (_, r) => (r.Enable ? <Tag color="green">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
    },
  ];
}

/** A network's custom alarms (spec §7 customAlarm, changeCustomAlarm, delCustomAlarm). */
export function CustomAlarms({ networkId, alarms }: { networkId: string; alarms: readonly CustomAlarm[] }) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const [editing, setEditing] = useState<CustomAlarm | null | undefined>(undefined);
  const remove = useRemoveCustomAlarm();
  const columns = useCommonColumns<CustomAlarm>((a) => {
    const info = customMetricInfo[a.Metric];
    return `${info.label[lang]} ${compareLabels[a.Compare][lang]} ${a.Threshold}${info.unit ? ` ${info.unit}` : ''}`;
  });
  columns.push({
    key: 'actions',
    title: t('custom.column.actions'),
    render: (_, a) => (
      <Space size={0}>
        <RowAction
          label={t('custom.edit')}
          icon={<EditOutlined />}
          onClick={() => setEditing(a)}
          testId={`custom-edit-${a.Code}`}
        />
        <ConfirmRowAction
          label={t('custom.remove')}
          testId={`custom-remove-${a.Code}`}
          title={t('custom.removeTitle', { name: a.Name })}
          description={t('custom.removeText')}
          okText={t('custom.remove')}
          cancelText={t('custom.cancel')}
          onConfirm={() =>
            remove.mutateAsync(a._id).then(
              () => notify.success(t('custom.removed', { name: a.Name })),
              () => undefined,
            )
          }
        />
      </Space>
    ),
  });
  return (
    <section className="alarm-section" aria-labelledby="alarm-custom-title">
      <div className="alarm-section-head">
        <h3 id="alarm-custom-title">{t('custom.title')}</h3>
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="custom-add">
          {t('custom.add')}
        </Button>
      </div>
      <Table<CustomAlarm>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={alarms as CustomAlarm[]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('custom.empty') }}
        data-testid="custom-table"
        onRow={(a) => ({ 'data-testid': `custom-row-${a.Code}` }) as HTMLAttributes<HTMLElement>}
      />
      {editing !== undefined && (
        <CustomAlarmModal
          networkId={networkId}
          alarm={editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) notify.success(t('custom.saved', { name: saved }));
          }}
        />
      )}
    </section>
  );
}

/** A network's limit alarms (spec §7 LIMIT ALARM getall, add, update). */
export function LimitAlarms({ networkId }: { networkId: string }) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const [editing, setEditing] = useState<LimitAlarm | null | undefined>(undefined);
  const limits = useLimitAlarms(networkId);
  const update = useSaveLimitAlarm();
  const columns = useCommonColumns<LimitAlarm>((a) => {
    const info = limitMetricInfo[a.Metric];
    const unit = info.unit ? ` ${info.unit}` : '';
    const now = a.Current === null ? '' : ` · ${t('limit.current', { value: `${a.Current}${unit}` })}`;
    return `${info.label[lang]} > ${a.Max}${unit}${now}`;
  });
  columns.push({
    key: 'actions',
    title: t('limit.column.actions'),
    render: (_, a) => (
      <Space size={0}>
        <RowAction
          label={t('limit.edit')}
          icon={<EditOutlined />}
          onClick={() => setEditing(a)}
          testId={`limit-edit-${a.Code}`}
        />
        <ConfirmRowAction
          label={t('limit.remove')}
          testId={`limit-remove-${a.Code}`}
          title={t('limit.removeTitle', { name: a.Name })}
          description={t('custom.removeText')}
          okText={t('limit.remove')}
          cancelText={t('limit.cancel')}
          onConfirm={() =>
            update.mutateAsync({ ...a, Level: a.Level as AlarmLevel | null, Remove: true }).then(
              () => notify.success(t('limit.removed', { name: a.Name })),
              (error: unknown) => notify.error(error instanceof Error ? error.message : String(error)),
            )
          }
        />
      </Space>
    ),
  });
  return (
    <section className="alarm-section" aria-labelledby="alarm-limit-title">
      <div className="alarm-section-head">
        <h3 id="alarm-limit-title">{t('limit.title')}</h3>
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="limit-add">
          {t('limit.add')}
        </Button>
      </div>
      <Table<LimitAlarm>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={limits.data?.list ?? []}
        loading={limits.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('limit.empty') }}
        data-testid="limit-table"
        onRow={(a) => ({ 'data-testid': `limit-row-${a.Code}` }) as HTMLAttributes<HTMLElement>}
      />
      {editing !== undefined && (
        <LimitAlarmModal
          networkId={networkId}
          alarm={editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) notify.success(t('limit.saved', { name: saved }));
          }}
        />
      )}
    </section>
  );
}
