import { useState, type ReactNode } from 'react';
import { Button, Card, Input } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AccountState, DEFAULT_LIMIT, type TenantUserItem } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useTenantUsers, type TenantUserParams } from '../api/get-tenant-users.ts';
import { useRemoveTenantUser } from '../api/remove-tenant-user.ts';
import { useUpdateTenantUser } from '../api/update-tenant-user.ts';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { DEFAULT_SORT } from '../components/user-list-sort.ts';
import { UserTable } from '../components/user-table.tsx';
import './user-list-page.css';

/** The server refuses longer searches (tenantUserQuery). */
const SEARCH_MAX = 32;

type Dialog = { kind: 'add' } | { kind: 'edit' | 'reset'; user: TenantUserItem } | null;

export interface UserListPageProps {
  /** The administrator's choice of tenant; a tenant's own list leaves it out. */
  tenantId?: string;
  /** Shown above the list: the administrator's way back to the tenants and to another tenant. */
  header?: ReactNode;
}

/**
 * spec §2 /user/list (route role adduser): a tenant's co-administrators — search, add, edit,
 * block or unblock, reset the password, remove. A tenant sees its own; the administrator reaches
 * a tenant's from the tenant list (the app composes the two). Every change refetches the list; a
 * refusal toasts the server's message (the app's one error policy).
 */
export default function UserListPage({ tenantId, header }: UserListPageProps) {
  const { t } = useTranslation('user');
  const [params, setParams] = useState<TenantUserParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    sort: DEFAULT_SORT,
    search: '',
    tenantId,
  });
  const search = useTypedSearch(setParams);
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useTenantUsers(params);
  const update = useUpdateTenantUser();
  const remove = useRemoveTenantUser();

  const toggleBlock = (user: TenantUserItem) => {
    const blocking = user.Status !== AccountState.Blocked;
    update.mutate(
      { _id: user._id, Status: blocking ? AccountState.Blocked : AccountState.Normal },
      {
        onSuccess: () =>
          notify.success(
            t(blocking ? 'list.message.blocked' : 'list.message.unblocked', { username: user.Username }),
          ),
      },
    );
  };

  const removeUser = (user: TenantUserItem) =>
    remove.mutateAsync(user._id).then(
      (reply) => {
        notify.success(reply.message || t('list.message.removed'));
        // The last row of a later page is gone: show the page before it.
        if (users.data?.list.length === 1) setParams((p) => (p.page > 1 ? { ...p, page: p.page - 1 } : p));
      },
      // Already toasted by the app's error policy; the confirmation just closes.
      () => undefined,
    );

  return (
    <Card className="user-list" data-testid="user-list-page">
      {header}
      <div className="user-list-toolbar">
        <Input
          className="user-list-search"
          prefix={<SearchOutlined className="user-list-muted" />}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchPlaceholder')}
          allowClear
          maxLength={SEARCH_MAX}
          {...search}
          data-testid="user-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="user-add"
        >
          {t('list.add')}
        </Button>
      </div>
      <UserTable
        users={users.data?.list ?? []}
        loading={users.isFetching}
        sort={params.sort}
        onSort={(sort) => setParams((p) => (p.sort === sort ? p : { ...p, sort, page: 1 }))}
        onEdit={(user) => setDialog({ kind: 'edit', user })}
        onToggleBlock={toggleBlock}
        onResetPassword={(user) => setDialog({ kind: 'reset', user })}
        onRemove={removeUser}
        blockingId={update.isPending ? update.variables._id : undefined}
      />
      <div className="user-list-pagination">
        <Pagination
          total={users.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      {dialog?.kind === 'add' && <UserFormModal tenantId={tenantId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
    </Card>
  );
}
