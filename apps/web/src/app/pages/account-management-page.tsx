import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AccountRole } from '@netconsole/contract';
import UserListPage from '#features/user/pages/user-list-page.tsx';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { useSession } from '#shared/session.ts';

// The administrator's screens: a tenant-side account never downloads them.
const TenantListPage = lazy(() => import('#features/tenant/pages/tenant-list-page.tsx'));
const TenantUsersBar = lazy(() => import('#features/tenant/components/tenant-users-bar.tsx'));

/** `?tenant=<id>`: the administrator is looking at that tenant's co-administrators. */
export const TENANT_PARAM = 'tenant';

/**
 * spec §2 /user/list, account management. A tenant manages its co-administrators. The
 * administrator (role value 10, no tenant of its own) manages the tenants, and opens a tenant's
 * co-administrators in the same list a tenant sees, naming the tenant. Which tenant is in the
 * address, so the browser's back button and a reload keep the place.
 */
export default function AccountManagementPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  if (user?.Role !== AccountRole.Administrator) return <UserListPage />;

  const tenantId = params.get(TENANT_PARAM);
  const open = (id: string | null) => setParams(id ? { [TENANT_PARAM]: id } : {});
  return (
    <Suspense fallback={<PageSpin />}>
      {tenantId ? (
        <UserListPage
          key={tenantId}
          tenantId={tenantId}
          header={<TenantUsersBar tenantId={tenantId} onChange={open} />}
        />
      ) : (
        <TenantListPage onOpenUsers={(tenant) => open(tenant._id)} />
      )}
    </Suspense>
  );
}
