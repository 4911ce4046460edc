import { useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, errorText, ErrorCode, type Lang } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { CampaignToolbar } from '#shared/delivery/campaign-toolbar.tsx';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useMyUserId, useUpgrades, type UpgradeListParams } from '../api/upgrades.ts';
import { UpgradeList } from '../components/upgrade-list.tsx';
import { useUpgradeLive } from '../components/upgrade-live.ts';
import '../components/firmware.css';

/**
 * spec §2 /fwconf/fwHistory: every firmware upgrade, newest first — the image, who and when, its
 * validity and window, how many devices applied, failed or wait; a row opens to each device's
 * outcome in words, its from → to version and how long it took. Kept current by the live messages
 * like the upgrade screen; without any upgrade it says so with the spec's 14013 text.
 */
export default function HistoryPage() {
  const { t, i18n } = useTranslation('firmware-history');
  const lang = i18n.language as Lang;
  const [params, setParams] = useState<UpgradeListParams>({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const search = useTypedSearch(setParams);
  const upgrades = useUpgrades(params);
  const myId = useMyUserId();
  useUpgradeLive();
  const filtered = params.search !== '' || params.status !== undefined;

  return (
    <Card className="firmware-page" data-testid="fw-history-page">
      <p className="firmware-intro">{t('intro')}</p>
      <CampaignToolbar
        testId="fw-history"
        cls="firmware"
        search={search}
        params={params}
        setParams={setParams}
        lang={lang}
        t={t}
        keyPrefix=""
      />
      <UpgradeList
        upgrades={upgrades.data?.list ?? []}
        loading={upgrades.isFetching && !upgrades.data}
        myId={myId.data}
        empty={filtered ? t('emptyFiltered') : errorText(ErrorCode.FirmwareHistoryEmpty, lang)}
      />
      <div className="firmware-pagination">
        <Pagination
          total={upgrades.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
    </Card>
  );
}
