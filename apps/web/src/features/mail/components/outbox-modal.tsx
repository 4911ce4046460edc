import { useState, type HTMLAttributes, type Key } from 'react';
import { Alert, Button, Modal, Radio, Table, Tag, Tooltip, type TableProps } from 'antd';
import { MailOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, OUTBOX_CHANNELS, type OutboxItem } from '@netconsole/contract';
import { errorMessage } from '#shared/api-client.ts';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useOutbox, type OutboxChannel, type OutboxParams } from '../api/get-outbox.ts';
import './outbox-modal.css';

type ChannelFilter = 'all' | OutboxChannel;
const CHANNEL_FILTERS: readonly ChannelFilter[] = ['all', ...OUTBOX_CHANNELS];

function ChannelTag({ channel }: { channel: OutboxChannel }) {
  const { t } = useTranslation('mail-outbox');
  return channel === 'sms' ? (
    <Tag color="green" icon={<MessageOutlined />}>
      {t('channel.sms')}
    </Tag>
  ) : (
    <Tag color="blue" icon={<MailOutlined />}>
      {t('channel.mail')}
    </Tag>
  );
}

/**
 * The administrator's outbox (issue 3, docs/configuration-notify.md): e-mail kept while no SMTP
 * server is configured and SMS while no SMS provider is, newest first. A row opens to its text;
 * they hold verification codes, which is why only the administrator reads them.
 */
export default function OutboxModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('mail-outbox');
  const [params, setParams] = useState<OutboxParams>({ page: 1, limit: DEFAULT_LIMIT });
  const [expanded, setExpanded] = useState<Key[]>([]);
  const outbox = useOutbox(params);
  const channel: ChannelFilter = params.channel ?? 'all';

  const go = (next: OutboxParams) => {
    setExpanded([]);
    setParams(next);
  };

  const columns: TableProps<OutboxItem>['columns'] = [
    {
      key: 'Channel',
      title: t('column.channel'),
      width: 110,
      render: (_, item) => <ChannelTag channel={item.Channel} />,
    },
    {
      key: 'To',
      dataIndex: 'To',
      title: t('column.to'),
      width: 240,
      render: (to: string) => <span className="outbox-to">{to}</span>,
    },
    {
      key: 'Subject',
      title: t('column.subject'),
      // An SMS has no subject: its text stands in, on one line.
      render: (_, item) =>
        item.Subject ? (
          <span className="outbox-subject">{item.Subject}</span>
        ) : (
          <span className="outbox-subject outbox-muted">{item.Body}</span>
        ),
    },
    {
      key: 'CreateTime',
      dataIndex: 'CreateTime',
      title: t('column.createTime'),
      width: 170,
      render: (value: number) => <span className="outbox-nowrap">{formatDateTime(value)}</span>,
    },
  ];

  return (
    <Modal
      open
      title={t('title')}
      width={1080}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose} data-testid="outbox-close">
          {t('close')}
        </Button>,
      ]}
      modalRender={(node) => <div data-testid="outbox-modal">{node}</div>}
    >
      <Alert
        type="info"
        showIcon
        className="outbox-note"
        title={t('note.title')}
        description={t('note.description')}
        data-testid="outbox-note"
      />
      <div className="outbox-toolbar">
        <Radio.Group
          optionType="button"
          value={channel}
          onChange={(event) => {
            const value = event.target.value as ChannelFilter;
            go({ ...params, page: 1, channel: value === 'all' ? undefined : value });
          }}
          aria-label={t('channel.label')}
          data-testid="outbox-channel"
        >
          {CHANNEL_FILTERS.map((value) => (
            <Radio.Button key={value} value={value}>
              <span data-testid={`outbox-channel-${value}`}>{t(`channel.${value}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
        <Tooltip title={t('refresh')}>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching}
            aria-label={t('refresh')}
            data-testid="outbox-refresh"
          />
        </Tooltip>
      </div>
      {outbox.isError ? (
        <Alert type="error" showIcon title={errorMessage(outbox.error)} />
      ) : (
        <Table<OutboxItem>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={outbox.data?.list ?? []}
          loading={outbox.isFetching}
          pagination={false}
          scroll={{ x: 760 }}
          expandable={{
            expandRowByClick: true,
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded([...keys]),
            expandedRowRender: (item, index) => (
              <pre className="outbox-body" data-testid={`outbox-body-${index}`}>
                {item.Body}
              </pre>
            ),
          }}
          onRow={(_, index) =>
            ({
              'data-testid': `outbox-row-${index ?? 0}`,
              className: 'outbox-row',
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t(params.channel ? `empty.${params.channel}` : 'empty.all') }}
          data-testid="outbox-table"
        />
      )}
      <div className="outbox-pagination">
        <Pagination
          total={outbox.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => go({ ...params, page, limit })}
        />
      </div>
    </Modal>
  );
}
