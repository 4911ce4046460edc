import { useState } from 'react';
import { Card, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_LIMIT, type DeliveryItem, type Lang } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { CampaignToolbar } from '#shared/delivery/campaign-toolbar.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useCancelUpgrade, useMyUserId, useUpgrades, type UpgradeListParams } from '../api/upgrades.ts';
import { UpgradeForm } from '../components/upgrade-form.tsx';
import { UpgradeList } from '../components/upgrade-list.tsx';
import { useUpgradeLive } from '../components/upgrade-live.ts';
import '../components/firmware.css';

/**
 * spec §2 /fwconf/fw "firmware issue": upgrade devices with an image (a drawer over the list;
 * `?image=<id>` from the library opens it with that image) and follow every upgrade live — its
 * status and "n of N applied", and each device's stage, download percent and outcome — with cancel
 * for those not ended. A device counts as applied only when it came back on the new version.
 */
export default function UpgradePage() {
  const { t, i18n } = useTranslation('firmware-upgrade');
  const lang = i18n.language as Lang;
  const [query, setQuery] = useSearchParams();
  const initialImage = query.get('image');
  const [params, setParams] = useState<UpgradeListParams>({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const [creating, setCreating] = useState(initialImage !== null);
  const search = useTypedSearch(setParams);
  const upgrades = useUpgrades(params);
  const myId = useMyUserId();
  const cancel = useCancelUpgrade();
  useUpgradeLive();

  const close = () => {
    setCreating(false);
    // The image of the address was for this one upgrade; a later "new" starts empty.
    if (initialImage !== null) setQuery({}, { replace: true });
  };
  const cancelUpgrade = (item: DeliveryItem) =>
    cancel.mutateAsync(item._id).then(
      () => notify.success(t('cancelled', { name: item.Firmware?.FWVersion ?? item._id })),
      // Already toasted by the app's error policy (e.g. 14049: it ended meanwhile).
      () => undefined,
    );

  return (
    <Card className="firmware-page" data-testid="upgrade-page">
      <CampaignToolbar
        testId="upgrade"
        cls="firmware"
        search={search}
        params={params}
        setParams={setParams}
        lang={lang}
        t={t}
        keyPrefix=""
        live
        onNew={() => setCreating(true)}
      />
      <UpgradeList
        upgrades={upgrades.data?.list ?? []}
        loading={upgrades.isFetching && !upgrades.data}
        myId={myId.data}
        onCancel={cancelUpgrade}
        empty={t('empty')}
      />
      <div className="firmware-pagination">
        <Pagination
          total={upgrades.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      <Drawer
        title={t('form.title')}
        open={creating}
        onClose={close}
        size="large"
        className="firmware-drawer"
        destroyOnHidden
        data-testid="upgrade-drawer"
      >
        <UpgradeForm
          initialImage={initialImage}
          onCancel={close}
          onDone={(item) => {
            close();
            notify.success(t('form.started', { name: item.Firmware?.FWVersion ?? '', count: item.Total }));
            // The new upgrade is first on the first page.
            setParams((p) => (p.page === 1 ? p : { ...p, page: 1 }));
          }}
        />
      </Drawer>
    </Card>
  );
}
