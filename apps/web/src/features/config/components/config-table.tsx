import type { HTMLAttributes, ReactNode } from 'react';
import { Space, Table, Tag, type TableProps } from 'antd';
import { CopyOutlined, EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConfigItem } from '@netconsole/contract';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import { serverSorts, type SortOrder } from '#shared/table-sort.ts';
import type { ConfigSort } from '../api/get-configs.ts';

export const CONFIG_SORT = serverSorts(['Name', 'UpdateTime', 'CreateTime'] as const, '-UpdateTime');

export interface ConfigTableProps {
  profiles: readonly ConfigItem[];
  loading: boolean;
  sort: ConfigSort;
  onSort: (sort: ConfigSort) => void;
  onEdit: (profile: ConfigItem) => void;
  onCopy: (profile: ConfigItem) => void;
  onRemove: (profile: ConfigItem) => Promise<unknown>;
  /** The device type's own column: what a profile of settings sets (its SSIDs, ports, WAN and LAN). */
  summary: { title: string; render: (profile: ConfigItem) => ReactNode };
  /** Said when there is no profile. */
  empty: string;
}

/**
 * A device type's profiles (AP, switch, router); sorting is the server's, paging sits below the
 * table. A profile of a vendor file shows its file in the summary column.
 */
export function ConfigTable({
  profiles,
  loading,
  sort,
  onSort,
  onEdit,
  onCopy,
  onRemove,
  summary,
  empty,
}: ConfigTableProps) {
  const { t } = useTranslation('config-ap');

  const columns: TableProps<ConfigItem>['columns'] = [
    {
      key: 'Name',
      dataIndex: 'Name',
      title: t('list.column.name'),
      sorter: true,
      sortOrder: CONFIG_SORT.orderOf(sort, 'Name'),
      render: (value: string) => <span className="config-list-name">{value}</span>,
    },
    {
      key: 'Description',
      dataIndex: 'Description',
      title: t('list.column.description'),
      render: (value: string) =>
        value ? (
          <span className="config-list-description">{value}</span>
        ) : (
          <span className="config-list-muted">—</span>
        ),
    },
    {
      key: 'CycleTime',
      dataIndex: 'CycleTime',
      title: t('list.column.cycleTime'),
      render: (value: number) => <span className="config-list-nowrap">{t('seconds', { count: value })}</span>,
    },
    {
      key: 'summary',
      title: summary.title,
      render: (_, profile) =>
        profile.Source === 'file' ? (
          <Tag icon={<FileTextOutlined />}>
            {t('list.fileSource')}
            {profile.File ? ` · ${profile.File.Path.split('/').pop()}` : ''}
          </Tag>
        ) : (
          summary.render(profile)
        ),
    },
    { key: 'Revision', dataIndex: 'Revision', title: t('list.column.revision') },
    {
      key: 'UpdateTime',
      dataIndex: 'UpdateTime',
      title: t('list.column.updateTime'),
      sorter: true,
      sortOrder: CONFIG_SORT.orderOf(sort, 'UpdateTime'),
      // The default order is this column's: toggle between the two ways rather than clear it.
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: number) => <span className="config-list-nowrap">{formatDateTime(value)}</span>,
    },
    {
      key: 'actions',
      title: t('list.column.actions'),
      render: (_, profile) => (
        <Space size={2} className="config-list-nowrap">
          <RowAction
            label={t('list.action.edit')}
            icon={<EditOutlined />}
            onClick={() => onEdit(profile)}
            testId={`config-edit-${profile.Name}`}
          />
          <RowAction
            label={t('list.action.copy')}
            icon={<CopyOutlined />}
            onClick={() => onCopy(profile)}
            testId={`config-copy-${profile.Name}`}
          />
          <ConfirmRowAction
            label={t('list.action.remove')}
            testId={`config-remove-${profile.Name}`}
            title={t('list.remove.title', { name: profile.Name })}
            description={t('list.remove.description')}
            okText={t('list.remove.ok')}
            cancelText={t('form.cancel')}
            onConfirm={() => onRemove(profile)}
          />
        </Space>
      ),
    },
  ];

  const onChange: TableProps<ConfigItem>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    onSort(CONFIG_SORT.toServer(one?.columnKey, one?.order as SortOrder | null | undefined));
  };

  return (
    // Wide rows scroll sideways on a narrow window instead of squeezing the actions.
    <div className="config-list-table">
      <Table<ConfigItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={profiles as ConfigItem[]}
        loading={loading}
        pagination={false}
        onChange={onChange}
        onRow={(p) => ({ 'data-testid': `config-row-${p.Name}` }) as HTMLAttributes<HTMLElement>}
        showSorterTooltip={false}
        locale={{ emptyText: empty }}
        data-testid="config-table"
      />
    </div>
  );
}
