import { useState, type HTMLAttributes } from 'react';
import {
  Badge,
  Button,
  Card,
  Empty,
  Grid,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  type ButtonProps,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_LIMIT,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageItem,
  type MessageStatus,
  type MessageType,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import { notify } from '#shared/notify.ts';
import {
  useMarkAllRead,
  useMarkRead,
  useMessages,
  useRemoveAllMessages,
  useRemoveMessage,
} from '../api/messages.ts';
import { MESSAGE_DETAIL_PATH } from './paths.ts';
import '../components/log.css';

/** `?status=` of the top bar's link: `unread` when there are unread messages, else `init` (all). */
function statusOf(value: string | null): MessageStatus | undefined {
  return (MESSAGE_STATUSES as readonly string[]).includes(value ?? '') ? (value as MessageStatus) : undefined;
}

type StatusChoice = MessageStatus | 'init';

/**
 * spec §2 /log/message (cloud mode): the message centre — the tenant's messages, newest first, by
 * read state (the address's `?status=`) and sender; one or every message marked read, removed after
 * a confirmation. A title opens /log/detail, which reads it. Every change refetches the top bar's
 * unread count, so its dot follows.
 */
export default function MessagePage() {
  const { t } = useTranslation('log-message');
  const [search, setSearch] = useSearchParams();
  const status = statusOf(search.get('status'));
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [type, setType] = useState<MessageType | undefined>();
  const messages = useMessages({ ...paging, status, type });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useRemoveMessage();
  const removeAll = useRemoveAllMessages();
  const wide = Grid.useBreakpoint().md !== false;
  const list = messages.data?.list ?? [];
  const total = messages.data?.count ?? 0;

  const chooseStatus = (choice: StatusChoice) => {
    setSearch((s) => {
      s.set('status', choice);
      return s;
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  /** After the last row of a page went, the page before it. */
  const stepBackIfEmptied = (removed: number) => {
    if (list.length <= removed) setPaging((p) => (p.page > 1 ? { ...p, page: p.page - 1 } : p));
  };

  const readOne = (m: MessageItem) =>
    markRead.mutate(m._id, { onSuccess: () => notify.success(t('read.done', { title: m.Title })) });
  const removeOne = (m: MessageItem) =>
    remove.mutateAsync(m._id).then(
      () => {
        notify.success(t('remove.done', { title: m.Title }));
        stepBackIfEmptied(1);
      },
      // Already toasted by the app's error policy.
      () => undefined,
    );
  const readAll = () =>
    markAll.mutate(undefined, { onSuccess: (r) => notify.success(t('readAll.done', { count: r.count })) });
  const removeEvery = () =>
    removeAll.mutateAsync().then(
      (r) => {
        notify.success(t('removeAll.done', { count: r.count }));
        setPaging((p) => ({ ...p, page: 1 }));
      },
      () => undefined,
    );

  const stateBadge = (m: MessageItem) => (
    <Badge
      status={m.Status === 'unread' ? 'processing' : 'default'}
      text={t(`status.${m.Status}`)}
      className="log-nowrap"
    />
  );
  const titleCell = (m: MessageItem) => (
    <div className="log-stack">
      <Link
        to={`${MESSAGE_DETAIL_PATH}?_id=${encodeURIComponent(m._id)}`}
        className={m.Status === 'unread' ? 'log-strong' : undefined}
        data-testid={`message-open-${m._id}`}
      >
        {m.Title || t('untitled')}
      </Link>
      <span className="log-muted log-clamp">{m.Content}</span>
      {!wide && (
        <span className="log-muted log-small">
          {stateBadge(m)} · {t(`type.${m.Type}`)} ·{' '}
          <span className="log-nowrap">{formatDateTime(m.CreateTime)}</span>
        </span>
      )}
    </div>
  );

  const columns: TableColumnsType<MessageItem> = [
    ...(wide
      ? [
          {
            key: 'status',
            title: t('column.status'),
            width: 110,
            render: (_: unknown, m: MessageItem) => stateBadge(m),
          },
        ]
      : []),
    { key: 'title', title: t('column.title'), render: (_, m) => titleCell(m) },
    ...(wide
      ? [
          {
            key: 'type',
            title: t('column.type'),
            width: 110,
            render: (_: unknown, m: MessageItem) => (
              <Tag color={m.Type === 'admin' ? 'blue' : 'default'}>{t(`type.${m.Type}`)}</Tag>
            ),
          },
          {
            key: 'time',
            title: t('column.time'),
            width: 170,
            render: (_: unknown, m: MessageItem) => (
              <span className="log-nowrap">{formatDateTime(m.CreateTime)}</span>
            ),
          },
        ]
      : []),
    {
      key: 'actions',
      title: t('column.actions'),
      width: 96,
      render: (_, m) => (
        <Space size={2} className="log-nowrap">
          {m.Status === 'unread' && (
            <RowAction
              label={t('read.action', { title: m.Title })}
              icon={<CheckOutlined />}
              onClick={() => readOne(m)}
              testId={`message-read-${m._id}`}
            />
          )}
          <ConfirmRowAction
            label={t('remove.action', { title: m.Title })}
            testId={`message-remove-${m._id}`}
            title={t('remove.title')}
            description={t('remove.description', { title: m.Title })}
            okText={t('remove.ok')}
            cancelText={t('cancel')}
            onConfirm={() => removeOne(m)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card className="log-page" data-testid="message-page">
      <div className="log-toolbar">
        <div className="log-filters">
          <Select<StatusChoice>
            className="log-filter"
            value={status ?? 'init'}
            onChange={chooseStatus}
            aria-label={t('filter.status')}
            options={[
              { value: 'init', label: t('filter.allStatuses') },
              ...MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            data-testid="message-status-filter"
          />
          <Select<MessageType>
            className="log-filter"
            allowClear
            value={type}
            placeholder={t('filter.allTypes')}
            onChange={(value) => {
              setType(value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            aria-label={t('filter.type')}
            options={MESSAGE_TYPES.map((k) => ({ value: k, label: t(`type.${k}`) }))}
            data-testid="message-type-filter"
          />
        </div>
        <Space wrap>
          <Button
            icon={<CheckOutlined />}
            onClick={readAll}
            loading={markAll.isPending}
            disabled={total === 0}
            data-testid="message-read-all"
          >
            {t('readAll.action')}
          </Button>
          <Popconfirm
            title={t('removeAll.title')}
            description={t('removeAll.description')}
            okText={t('removeAll.ok')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
            onConfirm={removeEvery}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={removeAll.isPending}
              disabled={total === 0}
              data-testid="message-remove-all"
            >
              {t('removeAll.action')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <div className="log-table">
        <Table<MessageItem>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={messages.isFetching && !messages.data}
          pagination={false}
          locale={{ emptyText: <Empty description={t('empty')} data-testid="message-empty" /> }}
          rowClassName={(m) => (m.Status === 'unread' ? 'log-unread' : '')}
          onRow={(m) =>
            ({
              'data-testid': `message-row-${m._id}`,
              'data-status': m.Status,
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
      <div className="log-pagination">
        <Pagination
          total={total}
          page={paging.page}
          limit={paging.limit}
          onChange={(page, limit) => setPaging({ page, limit })}
        />
      </div>
    </Card>
  );
}
