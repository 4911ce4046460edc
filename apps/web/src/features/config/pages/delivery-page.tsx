import { useState } from 'react';
import { Badge, Button, Card, Drawer, Input, Select } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  DELIVERY_STATUSES,
  deliveryStatusLabels,
  type DeliveryItem,
  type DeliveryStatus,
  type Lang,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { useLiveStatus } from '#shared/live/use-live.ts';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useCancelDelivery, useDeliveries, useMyUserId, type DeliveryListParams } from '../api/deliveries.ts';
import { DeliveryForm } from '../components/delivery-form.tsx';
import { DeliveryList } from '../components/delivery-list.tsx';
import { useDeliveryLive } from '../components/delivery-live.ts';
import './delivery-page.css';

/** The server refuses longer searches (deliveryListQuery). */
const SEARCH_MAX = 64;

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
  const live = useLiveStatus();
  useDeliveryLive();

  const cancelDelivery = (item: DeliveryItem) =>
    cancel.mutateAsync(item._id).then(
      () => notify.success(t('list.cancel.done', { name: item.ProfileName ?? item._id })),
      // Already toasted by the app's error policy (e.g. 14049: it ended meanwhile).
      () => undefined,
    );

  return (
    <Card className="delivery-page" data-testid="delivery-page">
      <div className="delivery-toolbar">
        <div className="delivery-toolbar-filters">
          <Input
            className="delivery-search"
            prefix={<SearchOutlined className="delivery-muted" />}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchPlaceholder')}
            allowClear
            maxLength={SEARCH_MAX}
            {...search}
            data-testid="delivery-search"
          />
          <Select
            className="delivery-filter"
            allowClear
            placeholder={t('list.allStatuses')}
            aria-label={t('list.statusFilter')}
            value={params.status}
            options={DELIVERY_STATUSES.map((s) => ({ value: s, label: deliveryStatusLabels[s][lang] }))}
            onChange={(status?: DeliveryStatus) => setParams((p) => ({ ...p, status, page: 1 }))}
            data-testid="delivery-status-filter"
          />
          <Badge
            status={live === 'open' ? 'processing' : 'default'}
            text={live === 'open' ? t('list.live.open') : t('list.live.away')}
            className="delivery-live"
            data-testid="delivery-live"
            data-state={live}
          />
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="delivery-new"
        >
          {t('list.new')}
        </Button>
      </div>
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
