import { useState } from 'react';
import { Button, Card, Input, Select } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AccountState, DEFAULT_LIMIT, type TenantItem } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useAbandonTenant } from '../api/abandon-tenant.ts';
import { useTenants, type TenantParams } from '../api/get-tenants.ts';
import { useUpdateTenant } from '../api/update-tenant.ts';
import { TenantFormModal } from '../components/tenant-form-modal.tsx';
import { DEFAULT_TENANT_SORT } from '../components/tenant-sort.ts';
import { TenantTable } from '../components/tenant-table.tsx';
import './tenant-list-page.css';

/** The server refuses longer searches (tenantListQuery). */
const SEARCH_MAX = 64;

type Dialog = { kind: 'add' } | { kind: 'edit'; tenant: TenantItem } | null;
type StatusFilter = 'live' | 0 | 1 | 2;

export interface TenantListPageProps {
  /** Opens the tenant's co-administrators (the app shows them with the co-administrator list). */
  onOpenUsers: (tenant: TenantItem) => void;
}

/**
 * spec §2 /user/list for the administrator (role value 10): the tenants — search, filter by state,
 * add (with the owner account), edit, block or unblock, abandon, and open a tenant's
 * co-administrators. Every change refetches the list; a refusal toasts the server's message.
 */
export default function TenantListPage({ onOpenUsers }: TenantListPageProps) {
  const { t } = useTranslation('tenant-list');
  const [params, setParams] = useState<TenantParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    sort: DEFAULT_TENANT_SORT,
    search: '',
  });
  const search = useTypedSearch(setParams);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tenants = useTenants(params);
  const update = useUpdateTenant();
  const abandon = useAbandonTenant();

  const toggleBlock = (tenant: TenantItem) => {
    const blocking = tenant.Status !== AccountState.Blocked;
    update.mutate(
      { _id: tenant._id, Status: blocking ? AccountState.Blocked : AccountState.Normal },
      {
        onSuccess: () =>
          notify.success(t(blocking ? 'message.blocked' : 'message.unblocked', { name: tenant.Name })),
      },
    );
  };

  const abandonTenant = (tenant: TenantItem) =>
    abandon.mutateAsync(tenant._id).then(
      (reply) => {
        notify.success(reply.message || t('message.abandoned'));
        if (tenants.data?.list.length === 1) setParams((p) => (p.page > 1 ? { ...p, page: p.page - 1 } : p));
      },
      // Already toasted by the app's error policy (25006: the tenant is still in use).
      () => undefined,
    );

  const status: StatusFilter = params.status ?? 'live';

  return (
    <Card className="tenant-list" data-testid="tenant-page">
      <div className="tenant-list-toolbar">
        <div className="tenant-list-filters">
          <Input
            className="tenant-list-search"
            prefix={<SearchOutlined className="tenant-muted" />}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            allowClear
            maxLength={SEARCH_MAX}
            {...search}
            data-testid="tenant-search"
          />
          <Select<StatusFilter>
            className="tenant-list-status"
            value={status}
            onChange={(value) =>
              setParams((p) => ({ ...p, page: 1, status: value === 'live' ? undefined : value }))
            }
            options={[
              { value: 'live', label: t('statusFilter.live') },
              { value: AccountState.Normal, label: t('statusFilter.normal') },
              { value: AccountState.Blocked, label: t('statusFilter.blocked') },
              { value: AccountState.Abandoned, label: t('statusFilter.abandoned') },
            ]}
            optionRender={(option) => (
              <span data-testid={`tenant-status-option-${String(option.value)}`}>{option.label}</span>
            )}
            aria-label={t('statusFilter.label')}
            data-testid="tenant-status-filter"
          />
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="tenant-add"
        >
          {t('add')}
        </Button>
      </div>
      <TenantTable
        tenants={tenants.data?.list ?? []}
        loading={tenants.isFetching}
        sort={params.sort}
        onSort={(sort) => setParams((p) => (p.sort === sort ? p : { ...p, sort, page: 1 }))}
        onEdit={(tenant) => setDialog({ kind: 'edit', tenant })}
        onToggleBlock={toggleBlock}
        onOpenUsers={onOpenUsers}
        onAbandon={abandonTenant}
        blockingId={update.isPending ? update.variables._id : undefined}
        readAt={tenants.dataUpdatedAt}
      />
      <div className="tenant-list-pagination">
        <Pagination
          total={tenants.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      {dialog?.kind === 'add' && <TenantFormModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <TenantFormModal tenant={dialog.tenant} onClose={() => setDialog(null)} />}
    </Card>
  );
}
