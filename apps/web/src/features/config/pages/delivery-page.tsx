import { useState } from 'react';
import { Card, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type DeliveryItem, type Lang } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { CampaignToolbar } from '#shared/delivery/campaign-toolbar.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useCancelDelivery, useDeliveries, useMyUserId, type DeliveryListParams } from '../api/deliveries.ts';
import { DeliveryForm } from '../components/delivery-form.tsx';
import { DeliveryList } from '../components/delivery-list.tsx';
import { useDeliveryLive } from '../components/delivery-live.ts';
import './delivery-page.css';

/**
 * spec §2 /deviceconf/conf "config issue": deliver a profile to devices (a drawer over the list) and
 * follow every delivery live — its status, "n of N confirmed", and each device's own outcome — with
 * cancel for those not ended (docs/delivery.md).
 */
export default function DeliveryPage() {
  const { t, i18n } = useTranslation('config-delivery');
  const lang = i18n.language as Lang;
  const [params, setParams] = useState<DeliveryListParams>({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const [creating, setCreating] = useState(false);
  const search = useTypedSearch(setParams);
  const deliveries = useDeliveries(params);
  const myId = useMyUserId();
  const cancel = useCancelDelivery();
  useDeliveryLive();

  const cancelDelivery = (item: DeliveryItem) =>
    cancel.mutateAsync(item._id).then(
      () => notify.success(t('list.cancel.done', { name: item.ProfileName ?? item._id })),
      // Already toasted by the app's error policy (e.g. 14049: it ended meanwhile).
      () => undefined,
    );

  return (
    <Card className="delivery-page" data-testid="delivery-page">
      <CampaignToolbar
        testId="delivery"
        cls="delivery"
        search={search}
        params={params}
        setParams={setParams}
        lang={lang}
        t={t}
        keyPrefix="list."
        live
        onNew={() => setCreating(true)}
      />
      <DeliveryList
        deliveries={deliveries.data?.list ?? []}
        loading={deliveries.isFetching && !deliveries.data}
        myId={myId.data}
        onCancel={cancelDelivery}
        empty={t('list.empty')}
      />
      <div className="delivery-pagination">
        <Pagination
          total={deliveries.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      <Drawer
        title={t('form.title')}
        open={creating}
        onClose={() => setCreating(false)}
        size="large"
        className="delivery-drawer"
        destroyOnHidden
        data-testid="delivery-drawer"
      >
        <DeliveryForm
          onCancel={() => setCreating(false)}
          onDone={(item) => {
            setCreating(false);
            notify.success(t('form.started', { name: item.ProfileName ?? '', count: item.Total }));
            // The new delivery is first on the first page.
            setParams((p) => (p.page === 1 ? p : { ...p, page: 1 }));
          }}
        />
      </Drawer>
    </Card>
  );
}
