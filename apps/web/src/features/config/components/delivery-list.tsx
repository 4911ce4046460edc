import { Grid, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryStatusLabels, type DeliveryItem, type Lang } from '@netconsole/contract';
import {
  CampaignProgress,
  CampaignTable,
  cancelColumn,
  createdColumn,
  type CampaignLook,
} from '#shared/delivery/campaign-table.tsx';
import { CAMPAIGN_TONE } from '#shared/delivery/delivery-status.ts';
import { formatDateTime } from '#shared/format.ts';
import { DeliveryDevices } from './delivery-devices.tsx';
import { progressOf } from './delivery-status.ts';

const LOOK: CampaignLook = { testId: 'delivery', cls: 'delivery' };

const nameOf = (d: DeliveryItem) => d.ProfileName ?? d._id;

/** "n of N confirmed", drawn as confirmed (green) and failed (red) shares of one bar. */
export function DeliveryProgress({ item }: { item: DeliveryItem }) {
  const { t } = useTranslation('config-delivery');
  const p = progressOf(item);
  return (
    <CampaignProgress
      {...LOOK}
      item={item}
      label={t('list.confirmed', { confirmed: p.confirmed, total: p.total })}
      doneTestId="delivery-confirmed"
      failedText={t('list.failed', { count: p.failed, percent: p.failedPercent })}
      waitingText={t('list.waiting', { count: item.Pending })}
    />
  );
}

export interface DeliveryListProps {
  deliveries: DeliveryItem[];
  loading: boolean;
  myId: string | undefined;
  onCancel: (item: DeliveryItem) => Promise<unknown>;
  empty: string;
}

/**
 * The deliveries (spec §2 /deviceconf/conf): what, when, by whom, its status and progress; a row
 * opens to its devices; one not ended can be cancelled after a confirmation.
 */
export function DeliveryList({ deliveries, loading, myId, onCancel, empty }: DeliveryListProps) {
  const { t, i18n } = useTranslation('config-delivery');
  const lang = i18n.language as Lang;
  // A phone keeps two columns: the progress goes under the profile rather than off to the side.
  const wide = Grid.useBreakpoint().md !== false;

  const columns: TableColumnsType<DeliveryItem> = [
    {
      key: 'profile',
      title: t('list.column.profile'),
      render: (_, d) => (
        <div className="delivery-profile">
          <span className="delivery-strong">{d.ProfileName ?? '—'}</span>
          {d.Revision !== null && (
            <span className="delivery-muted">{t('list.revision', { revision: d.Revision })}</span>
          )}
          {!wide && <DeliveryProgress item={d} />}
        </div>
      ),
    },
    createdColumn({ t, myId, cls: LOOK.cls }),
    {
      key: 'effective',
      title: t('list.column.effective'),
      responsive: ['md'],
      render: (_, d) => (
        <div className="delivery-stack">
          <span className="delivery-nowrap">
            {d.EffectiveTime === null ? t('list.now') : formatDateTime(d.EffectiveTime)}
          </span>
          <span className="delivery-muted delivery-nowrap">
            {t('list.expires', { time: formatDateTime(d.ExpireTime) })}
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('list.column.status'),
      render: (_, d) => (
        <div className="delivery-stack">
          <Tag
            color={CAMPAIGN_TONE[d.Status]}
            data-testid={`delivery-status-${d._id}`}
            data-status={d.Status}
          >
            {deliveryStatusLabels[d.Status][lang]}
          </Tag>
          {d.Staged && (
            <span className="delivery-muted">
              {t('list.staged', { first: d.Staged.firstPercent, fail: d.Staged.maxFailPercent })}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'progress',
      title: t('list.column.progress'),
      responsive: ['md'],
      render: (_, d) => <DeliveryProgress item={d} />,
    },
    cancelColumn({ t, nameOf, onCancel, testId: LOOK.testId }),
  ];

  return (
    <CampaignTable
      {...LOOK}
      campaigns={deliveries}
      columns={columns}
      loading={loading}
      empty={empty}
      t={t}
      nameOf={nameOf}
      expanded={(d) => <DeliveryDevices id={d._id} />}
    />
  );
}
