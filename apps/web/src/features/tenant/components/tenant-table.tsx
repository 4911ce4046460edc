import type { HTMLAttributes } from 'react';
import { Space, Table, Tag, type TableProps } from 'antd';
import { CheckCircleOutlined, EditOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AccountState, type TenantItem } from '@netconsole/contract';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import type { TenantSort } from '../api/get-tenants.ts';
import { DISCOUNTS, TENANT_OPERATIONS, serviceState } from './tenant-form-rules.ts';
import { tenantSorts } from './tenant-sort.ts';

const OPERATION_COLOR: Record<string, string> = {
  Certified: 'green',
  Analysis: 'purple',
  Financial: 'gold',
  AddUser: 'cyan',
};
const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'red' };

export interface TenantTableProps {
  tenants: readonly TenantItem[];
  loading: boolean;
  sort: TenantSort;
  onSort: (sort: TenantSort) => void;
  onEdit: (tenant: TenantItem) => void;
  onToggleBlock: (tenant: TenantItem) => void;
  onOpenUsers: (tenant: TenantItem) => void;
  onAbandon: (tenant: TenantItem) => Promise<unknown>;
  /** The tenant a block or unblock is being sent for. */
  blockingId?: string;
  /** When the list was read: a period that ended before it shows as expired. */
  readAt: number;
}

/** Removal asks first (shared/components/row-actions.tsx). */
function AbandonAction({
  tenant,
  onAbandon,
}: {
  tenant: TenantItem;
  onAbandon: TenantTableProps['onAbandon'];
}) {
  const { t } = useTranslation('tenant-list');
  return (
    <ConfirmRowAction
      label={t('action.abandon')}
      testId={`tenant-abandon-${tenant.Name}`}
      title={t('abandon.title', { name: tenant.Name })}
      description={<div className="tenant-confirm">{t('abandon.description')}</div>}
      okText={t('abandon.ok')}
      cancelText={t('form.cancel')}
      onConfirm={() => onAbandon(tenant)}
    />
  );
}

const day = (value: number) => formatDateTime(value).slice(0, 10);

/** The tenants, with their owner accounts; sorting is the server's, paging sits below the table. */
export function TenantTable(props: TenantTableProps) {
  const { tenants, loading, sort, onSort, blockingId, readAt } = props;
  const { t } = useTranslation('tenant-list');

  const columns: TableProps<TenantItem>['columns'] = [
    {
      key: 'Name',
      dataIndex: 'Name',
      title: t('column.name'),
      sorter: true,
      sortOrder: tenantSorts.orderOf(sort, 'Name'),
      render: (name: string) => <span className="tenant-name">{name}</span>,
    },
    {
      key: 'Owner',
      title: t('column.owner'),
      render: (_, tenant) =>
        tenant.Owner ? (
          <div className="tenant-nowrap">
            <div>{tenant.Owner.Username}</div>
            <div className="tenant-muted">{tenant.Owner.Name}</div>
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'Contact',
      title: t('column.contact'),
      render: (_, tenant) => (
        <div>
          <div className="tenant-nowrap">{tenant.Phone || '—'}</div>
          <div className="tenant-muted">{tenant.Email}</div>
        </div>
      ),
    },
    {
      key: 'Operation',
      title: t('column.permissions'),
      render: (_, tenant) => {
        const granted = TENANT_OPERATIONS.filter((flag) => tenant.Operation[flag]);
        if (granted.length === 0) return <span className="tenant-muted">{t('noPermissions')}</span>;
        return (
          <Space size={[0, 4]} wrap className="tenant-operations">
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
      key: 'Level',
      title: t('column.discounts'),
      render: (_, tenant) =>
        DISCOUNTS.every((kind) => tenant.Level[kind] === 0) ? (
          <span className="tenant-muted">{t('discount.none')}</span>
        ) : (
          <div className="tenant-discounts">
            {DISCOUNTS.map((kind) => (
              <div key={kind}>
                <span className="tenant-muted">{t(`discount.${kind}`)}</span> {tenant.Level[kind]}%
              </div>
            ))}
          </div>
        ),
    },
    {
      key: 'ServiceEnd',
      title: t('column.period'),
      sorter: true,
      sortOrder: tenantSorts.orderOf(sort, 'ServiceEnd'),
      render: (_, tenant) => {
        if (tenant.ServiceStart === null && tenant.ServiceEnd === null)
          return <span className="tenant-muted">{t('period.none')}</span>;
        const expired = serviceState(tenant, readAt) === 'expired';
        return (
          <div className="tenant-nowrap">
            <div>{tenant.ServiceStart !== null ? day(tenant.ServiceStart) : '…'}</div>
            <div>
              {tenant.ServiceEnd !== null ? `→ ${day(tenant.ServiceEnd)}` : '→ …'}
              {expired && (
                <Tag color="orange" className="tenant-expired">
                  {t('period.expired')}
                </Tag>
              )}
            </div>
          </div>
        );
      },
    },
    {
      key: 'Status',
      title: t('column.status'),
      render: (_, tenant) => (
        <Tag color={STATUS_COLOR[tenant.Status]} data-testid={`tenant-status-${tenant.Name}`}>
          {t(`status.${tenant.Status}`)}
        </Tag>
      ),
    },
    {
      key: 'CreateTime',
      dataIndex: 'CreateTime',
      title: t('column.createTime'),
      sorter: true,
      sortOrder: tenantSorts.orderOf(sort, 'CreateTime'),
      // The default order is this column's: toggle between the two ways rather than clear it.
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (value: number) => <span className="tenant-nowrap">{day(value)}</span>,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, tenant) => {
        if (tenant.Status === AccountState.Abandoned) return <span className="tenant-muted">—</span>;
        const blocked = tenant.Status === AccountState.Blocked;
        return (
          <Space size={2} className="tenant-nowrap">
            <RowAction
              label={t('action.edit')}
              icon={<EditOutlined />}
              onClick={() => props.onEdit(tenant)}
              testId={`tenant-edit-${tenant.Name}`}
            />
            <RowAction
              label={t('action.users')}
              icon={<TeamOutlined />}
              onClick={() => props.onOpenUsers(tenant)}
              testId={`tenant-users-${tenant.Name}`}
            />
            <RowAction
              label={t(blocked ? 'action.unblock' : 'action.block')}
              icon={blocked ? <CheckCircleOutlined /> : <StopOutlined />}
              danger={!blocked}
              loading={blockingId === tenant._id}
              onClick={() => props.onToggleBlock(tenant)}
              testId={`tenant-block-${tenant.Name}`}
            />
            <AbandonAction tenant={tenant} onAbandon={props.onAbandon} />
          </Space>
        );
      },
    },
  ];

  const onChange: TableProps<TenantItem>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    onSort(tenantSorts.toServer(one?.columnKey, one?.order));
  };

  return (
    // Wide rows scroll sideways on a narrow window instead of squeezing the actions.
    <div className="tenant-table">
      <Table<TenantItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={tenants as TenantItem[]}
        loading={loading}
        pagination={false}
        onChange={onChange}
        onRow={(tenant) => ({ 'data-testid': `tenant-row-${tenant.Name}` }) as HTMLAttributes<HTMLElement>}
        showSorterTooltip={false}
        locale={{ emptyText: t('empty') }}
        data-testid="tenant-table"
      />
    </div>
  );
}
