import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Grid, Switch, Table, TimePicker, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DEFAULT_LIMIT,
  diagnosisKindLabels,
  errorText,
  diagnosticTypeLabels,
  type Lang,
  type OnTimeTaskItem,
  type TimerItem,
  type TimerTime,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import { notify } from '#shared/notify.ts';
import {
  useDeleteTimer,
  useOnTimeTasks,
  useSaveTimer,
  useTimers,
  useUpdateOnTimeTask,
  type TimersParams,
} from '../api/timers.ts';
import { TimerModal } from '../components/timer-modal.tsx';
import { ZoneSelect } from '../components/zone-select.tsx';
import '../components/diagnosis.css';

const RECORDS = '/maintenance/diagnose_record';

const pad = (n: number) => String(n).padStart(2, '0');
/** 10:30:30 */
export const timeText = (d: TimerTime) => `${pad(d.Hour)}:${pad(d.Minute)}:${pad(d.Second)}`;

/** Why the last firing ran nothing (e.g. no online device): the catalogue's text. */
function LastError({ code }: { code: number }) {
  const { t, i18n } = useTranslation('diagnosis-timer');
  return (
    <span className="diag-small diag-error-text" data-testid="timer-last-error">
      {t('lastError', { reason: errorText(code, i18n.language as Lang) })}
    </span>
  );
}

/** One built-in task: its switch, time and zone, each saved as it changes. */
function OnTimeTask({ task }: { task: OnTimeTaskItem }) {
  const { t } = useTranslation('diagnosis-timer');
  const update = useUpdateOnTimeTask();
  const name = t(`builtin.${task.Name}.name`);
  const saved = () => notify.success(t('builtin.saved', { name }));
  const change = (body: Omit<Parameters<typeof update.mutate>[0], 'Name'>) =>
    update.mutate({ Name: task.Name, ...body }, { onSuccess: saved });
  return (
    <div className="diag-task" data-testid={`ontime-${task.Name}`} data-status={task.Status}>
      <div className="diag-task-head">
        <span className="diag-strong">{name}</span>
        <span className="diag-task-switch">
          <Switch
            checked={task.Status === 1}
            loading={update.isPending}
            onChange={(on) => change({ Status: on ? 1 : 0 })}
            aria-label={t('builtin.enable', { name })}
            data-testid={`ontime-${task.Name}-switch`}
          />
          {/* Beside the switch, not inside: white on the off switch's grey is 1.8:1. */}
          <span className="diag-muted diag-small">{t(task.Status === 1 ? 'status.on' : 'status.off')}</span>
        </span>
      </div>
      <span className="diag-muted diag-small">{t(`builtin.${task.Name}.descr`)}</span>
      <div className="diag-task-fields">
        <TimePicker
          format="HH:mm:ss"
          allowClear={false}
          value={dayjs().hour(task.Data.Hour).minute(task.Data.Minute).second(task.Data.Second)}
          onChange={(d) => d && change({ Data: { Hour: d.hour(), Minute: d.minute(), Second: d.second() } })}
          aria-label={t('builtin.time', { name })}
          data-testid={`ontime-${task.Name}-time`}
        />
        <ZoneSelect
          value={task.TimeZone}
          onChange={(TimeZone) => change({ TimeZone })}
          label={t('builtin.zone', { name })}
          testId={`ontime-${task.Name}-zone`}
        />
      </div>
      <span className="diag-small">
        {task.Status === 1 && task.NextRun
          ? t('next', { time: formatDateTime(task.NextRun) })
          : t('disabledHint')}
        {task.LastRun ? ` · ${t('last', { time: formatDateTime(task.LastRun) })}` : ''}
      </span>
      {task.LastError !== null && <LastError code={task.LastError} />}
    </div>
  );
}

/**
 * spec §2 /maintenance/timer_list: the two built-in timed tasks of spec §4 (portal check and
 * network check, 10:30:30, disabled to start with) and the tenant's own timers — recurring
 * diagnoses at a time of day in a time zone — created, changed, switched and removed here; each
 * timer's runs open in the records.
 */
export default function TimerPage() {
  const { t, i18n } = useTranslation('diagnosis-timer');
  const lang = i18n.language as Lang;
  const phone = Grid.useBreakpoint().md === false;
  const navigate = useNavigate();
  const [params, setParams] = useState<TimersParams>({ page: 1, limit: DEFAULT_LIMIT });
  const [editing, setEditing] = useState<TimerItem | null | 'new'>(null);
  const tasks = useOnTimeTasks();
  const timers = useTimers(params);
  const save = useSaveTimer();
  const remove = useDeleteTimer();

  const toggle = (x: TimerItem, on: boolean) =>
    save.mutate(
      {
        _id: x._id,
        Name: x.Name,
        Descr: x.Descr,
        Data: x.Data,
        Status: on ? 1 : 0,
        TimeZone: x.TimeZone,
        Kind: x.Kind,
        Type: x.Type,
        Devices: x.Devices,
        Targets: x.Targets,
        Count: x.Count,
        Size: x.Size,
        ...(x.PortalUrl ? { PortalUrl: x.PortalUrl } : {}),
        Radius: x.Radius,
      },
      { onError: (e) => notify.error(e.message) },
    );

  const when = (x: TimerItem) => (
    <div className="diag-stack">
      <span className="diag-strong diag-nowrap">{timeText(x.Data)}</span>
      <span className="diag-muted diag-small">{x.TimeZone}</span>
    </div>
  );
  const what = (x: TimerItem) => (
    <div className="diag-stack">
      <span>
        {diagnosisKindLabels[x.Kind][lang]}
        {x.Kind === 'network' ? ` · ${diagnosticTypeLabels[x.Type][lang]}` : ''}
      </span>
      <span className="diag-muted diag-small diag-wrap">
        {(x.Kind === 'network' ? x.Targets : [x.PortalUrl ?? '', ...x.Radius.map((r) => r.Host)])
          .filter(Boolean)
          .join(', ')}
      </span>
      <span className="diag-muted diag-small">{t('devicesCount', { count: x.Devices.length })}</span>
    </div>
  );
  const runs = (x: TimerItem) => (
    <div className="diag-stack diag-small">
      <span className="diag-nowrap">
        {x.Status === 1 && x.NextRun ? t('next', { time: formatDateTime(x.NextRun) }) : '—'}
      </span>
      {x.LastRun && (
        <span className="diag-muted diag-nowrap">{t('last', { time: formatDateTime(x.LastRun) })}</span>
      )}
      {x.LastError !== null && <LastError code={x.LastError} />}
    </div>
  );
  const actions = (x: TimerItem) => (
    <span className="diag-tags">
      <RowAction
        label={t('edit')}
        icon={<EditOutlined />}
        onClick={() => setEditing(x)}
        testId={`timer-edit-${x._id}`}
      />
      <RowAction
        label={t('records')}
        icon={<UnorderedListOutlined />}
        onClick={() => void navigate(`${RECORDS}?TimerId=${encodeURIComponent(x._id)}`)}
        testId={`timer-records-${x._id}`}
      />
      <ConfirmRowAction
        label={t('delete')}
        testId={`timer-delete-${x._id}`}
        title={t('deleteTitle', { name: x.Name })}
        description={t('deleteText')}
        okText={t('delete')}
        cancelText={t('form.cancel')}
        onConfirm={() =>
          remove.mutateAsync(x._id).then(
            () => notify.success(t('deleted', { name: x.Name })),
            () => undefined,
          )
        }
      />
    </span>
  );
  const statusSwitch = (x: TimerItem) => (
    <Switch
      size="small"
      checked={x.Status === 1}
      onChange={(on) => toggle(x, on)}
      aria-label={t('enable', { name: x.Name })}
      data-testid={`timer-switch-${x._id}`}
    />
  );

  const columns: TableColumnsType<TimerItem> = phone
    ? [
        {
          key: 'timer',
          title: t('column.timer'),
          render: (_, x) => (
            <div className="diag-stack">
              <span className="diag-strong diag-wrap">{x.Name}</span>
              <span className="diag-small">
                {timeText(x.Data)} · {x.TimeZone}
              </span>
              {what(x)}
              {runs(x)}
            </div>
          ),
        },
        {
          key: 'actions',
          width: 56,
          render: (_, x) => (
            <div className="diag-stack">
              {statusSwitch(x)}
              {actions(x)}
            </div>
          ),
        },
      ]
    : [
        {
          key: 'name',
          title: t('column.name'),
          render: (_, x) => (
            <div className="diag-stack">
              <span className="diag-strong diag-wrap">{x.Name}</span>
              {x.Descr && <span className="diag-muted diag-small diag-wrap">{x.Descr}</span>}
            </div>
          ),
        },
        { key: 'time', title: t('column.time'), render: (_, x) => when(x) },
        { key: 'what', title: t('column.what'), render: (_, x) => what(x) },
        { key: 'runs', title: t('column.runs'), responsive: ['lg'], render: (_, x) => runs(x) },
        { key: 'status', title: t('column.status'), render: (_, x) => statusSwitch(x) },
        { key: 'actions', title: t('column.actions'), render: (_, x) => actions(x) },
      ];

  return (
    <div className="diag-page" data-testid="diag-timer-page">
      {/* The administrator, outside any tenant, has no built-in tasks. */}
      {(tasks.data?.length ?? 0) > 0 && (
        <Card
          className="diag-card"
          title={<h2 className="diag-card-title">{t('builtin.title')}</h2>}
          data-testid="ontime-card"
        >
          <p className="diag-intro">{t('builtin.intro')}</p>
          <div className="diag-tasks">
            {(tasks.data ?? []).map((task) => (
              <OnTimeTask key={task.Name} task={task} />
            ))}
          </div>
        </Card>
      )}
      <Card
        className="diag-card"
        title={<h2 className="diag-card-title">{t('title')}</h2>}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="timer-new"
          >
            {t('new')}
          </Button>
        }
      >
        <div className="diag-table">
          <Table<TimerItem>
            rowKey="_id"
            size="middle"
            columns={columns}
            dataSource={timers.data?.list ?? []}
            loading={timers.isFetching && !timers.data}
            pagination={false}
            locale={{ emptyText: <span data-testid="timer-empty">{t('empty')}</span> }}
            onRow={(x) =>
              ({ 'data-testid': `timer-row-${x._id}`, 'data-name': x.Name }) as HTMLAttributes<HTMLElement>
            }
          />
        </div>
        {(timers.data?.count ?? 0) > params.limit && (
          <div className="diag-pagination">
            <Pagination
              total={timers.data?.count ?? 0}
              page={params.page}
              limit={params.limit}
              onChange={(page, limit) => setParams({ page, limit })}
            />
          </div>
        )}
      </Card>
      {editing !== null && (
        <TimerModal
          timer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            notify.success(t('saved', { name }));
          }}
        />
      )}
    </div>
  );
}
