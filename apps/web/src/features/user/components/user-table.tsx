import type { HTMLAttributes } from 'react';
import { Badge, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { CheckCircleOutlined, EditOutlined, KeyOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AccountState, type TenantUserItem } from '@netconsole/contract';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import type { TenantUserSort } from '../api/get-tenant-users.ts';
import { OPERATION_FLAGS } from './user-form-rules.ts';
import { sortOrderOf, toServerSort, type SortOrder } from './user-list-sort.ts';

const OPERATION_COLOR: Record<string, string> = { Certified: 'green', Analysis: 'purple', Financial: 'gold' };

export interface UserTableProps {
  users: readonly TenantUserItem[];
  loading: boolean;
  sort: TenantUserSort;
  onSort: (sort: TenantUserSort) => void;
  onEdit: (user: TenantUserItem) => void;
  onToggleBlock: (user: TenantUserItem) => void;
  onResetPassword: (user: TenantUserItem) => void;
  onRemove: (user: TenantUserItem) => Promise<unknown>;
  /** The account a block or unblock is being sent for. */
  blockingId?: string;
}

/** Removal asks first (shared/components/row-actions.tsx). */
function RemoveAction({ user, onRemove }: { user: TenantUserItem; onRemove: UserTableProps['onRemove'] }) {
  const { t } = useTranslation('user');
  return (
    <ConfirmRowAction
      label={t('list.action.remove')}
      testId={`user-remove-${user.Username}`}
      title={t('list.remove.title', { username: user.Username })}
      description={t('list.remove.description')}
      okText={t('list.remove.ok')}
      cancelText={t('form.cancel')}
      onConfirm={() => onRemove(user)}
    />
  );
}

const time = (value: number | null) => (value ? formatDateTime(value) : '—');

/** The co-administrators; sorting is the server's, paging sits below the table. */
export function UserTable(props: UserTableProps) {
  const { users, loading, sort, onSort, blockingId } = props;
  const { t } = useTranslation('user');

  const columns: TableProps<TenantUserItem>['columns'] = [
    {
      key: 'Username',
      dataIndex: 'Username',
      title: t('list.column.username'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'Username'),
      render: (value: string) => <span className="user-list-nowrap user-list-username">{value}</span>,
    },
    {
      key: 'Name',
      dataIndex: 'Name',
      title: t('list.column.name'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'Name'),
    },
    { key: 'Email', dataIndex: 'Email', title: t('list.column.email'), render: (v: string) => v || '—' },
    { key: 'Phone', dataIndex: 'Phone', title: t('list.column.phone'), render: (v: string) => v || '—' },
    {
      key: 'Operation',
      title: t('list.column.permissions'),
      render: (_, user) => {
        const granted = OPERATION_FLAGS.filter((flag) => user.Operation[flag]);
        if (granted.length === 0) return <span className="user-list-muted">{t('list.noPermissions')}</span>;
        return (
          <Space size={[0, 4]} wrap>
            {granted.map((flag) => (
              <Tag key={flag} color={OPERATION_COLOR[flag]}>
                {t(`operation.${flag}`)}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    {
      key: 'Status',
      title: t('list.column.status'),
      render: (_, user) => (
        <Space size={6} className="user-list-status">
          <Tooltip title={t(user.Online ? 'list.online' : 'list.offline')}>
            {/* A dot with a name: role img lets the name be read (a plain span may not carry one). */}
            <Badge
              status={user.Online ? 'success' : 'default'}
              role="img"
              aria-label={t(user.Online ? 'list.online' : 'list.offline')}
              data-online={user.Online}
            />
          </Tooltip>
          {user.Status === AccountState.Blocked ? (
            <Tag color="red">{t('list.status.blocked')}</Tag>
          ) : (
            <Tag color="blue">{t('list.status.normal')}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'LastLogin',
      dataIndex: 'LastLogin',
      title: t('list.column.lastLogin'),
      render: time,
    },
    {
      key: 'CreateTime',
      dataIndex: 'CreateTime',
      title: t('list.column.createTime'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'CreateTime'),
      // The default order is this column's: toggle between the two ways rather than clear it.
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: time,
    },
    {
      key: 'actions',
      title: t('list.column.actions'),
      render: (_, user) => {
        const blocked = user.Status === AccountState.Blocked;
        return (
          <Space size={2} className="user-list-actions">
            <RowAction
              label={t('list.action.edit')}
              icon={<EditOutlined />}
              onClick={() => props.onEdit(user)}
              testId={`user-edit-${user.Username}`}
            />
            <RowAction
              label={t(blocked ? 'list.action.unblock' : 'list.action.block')}
              icon={blocked ? <CheckCircleOutlined /> : <StopOutlined />}
              danger={!blocked}
              loading={blockingId === user._id}
              onClick={() => props.onToggleBlock(user)}
              testId={`user-block-${user.Username}`}
            />
            <RowAction
              label={t('list.action.resetPassword')}
              icon={<KeyOutlined />}
              onClick={() => props.onResetPassword(user)}
              testId={`user-reset-${user.Username}`}
            />
            <RemoveAction user={user} onRemove={props.onRemove} />
          </Space>
        );
      },
    },
  ];

  const onChange: TableProps<TenantUserItem>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    onSort(toServerSort(one?.columnKey, one?.order as SortOrder | null | undefined));
  };

  return (
    // Wide rows scroll sideways on a narrow window instead of squeezing the actions.
    <div className="user-list-table">
      <Table<TenantUserItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={users as TenantUserItem[]}
        loading={loading}
        pagination={false}
        onChange={onChange}
        onRow={(user) => ({ 'data-testid': `user-row-${user.Username}` }) as HTMLAttributes<HTMLElement>}
        showSorterTooltip={false}
        locale={{ emptyText: t('list.empty') }}
        data-testid="user-table"
      />
    </div>
  );
}
