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
import { UpgradeDevices } from './upgrade-devices.tsx';

const LOOK: CampaignLook = { testId: 'upgrade', cls: 'firmware' };

const nameOf = (d: DeliveryItem) => d.Firmware?.FWVersion ?? d._id;

function StatusTag({ item, lang }: { item: DeliveryItem; lang: Lang }) {
  return (
    <Tag
      color={CAMPAIGN_TONE[item.Status]}
      data-testid={`upgrade-status-${item._id}`}
      data-status={item.Status}
    >
      {deliveryStatusLabels[item.Status][lang]}
    </Tag>
  );
}

/** "n of N applied", drawn as applied (green) and failed (red) shares of one bar. */
export function UpgradeProgress({ item }: { item: DeliveryItem }) {
  const { t } = useTranslation('firmware-deliveries');
  return (
    <CampaignProgress
      {...LOOK}
      item={item}
      label={t('list.applied', { applied: item.Succeeded, total: item.Total })}
      doneTestId="upgrade-applied"
      failedText={t('list.failed', { count: item.Failed })}
      waitingText={t('list.waiting', { count: item.Pending })}
    />
  );
}

/** Validity (spec §3: 0 permanent, 1 from a time, 2 a period), window, concurrency and stages. */
function Terms({ item }: { item: DeliveryItem }) {
  const { t } = useTranslation('firmware-deliveries');
  const start = item.EffectiveTime === null ? t('list.now') : formatDateTime(item.EffectiveTime);
  const validity = item.Validity ?? (item.EffectiveTime === null ? 0 : 1);
  return (
    <div className="firmware-stack firmware-terms">
      <span>{t(`list.validity.${validity}`, { start, end: formatDateTime(item.ExpireTime) })}</span>
      <span className="firmware-muted">
        {item.Window
          ? t('list.window', { start: item.Window.Start, end: item.Window.End, zone: item.Window.TimeZone })
          : t('list.noWindow')}
      </span>
      {item.Concurrency !== null && (
        <span className="firmware-muted">{t('list.concurrency', { count: item.Concurrency })}</span>
      )}
      {item.Staged && (
        <span className="firmware-muted">
          {t('list.staged', { first: item.Staged.firstPercent, fail: item.Staged.maxFailPercent })}
        </span>
      )}
    </div>
  );
}

export interface UpgradeListProps {
  upgrades: DeliveryItem[];
  loading: boolean;
  myId: string | undefined;
  /** Absent: no cancel column (the history). */
  onCancel?: (item: DeliveryItem) => unknown;
  empty: string;
}

/**
 * Firmware upgrades: the image, when and by whom, validity and window, status and "n of N applied";
 * a row opens to its devices (stage, download bar, outcome, from → to version, duration); one not
 * ended can be cancelled after a confirmation.
 */
export function UpgradeList({ upgrades, loading, myId, onCancel, empty }: UpgradeListProps) {
  const { t, i18n } = useTranslation('firmware-deliveries');
  const lang = i18n.language as Lang;
  // A phone keeps image, status and actions: the progress goes under the image.
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;
  // Below a wide screen the validity column gives way: it shows above the devices instead.
  const large = screens.lg !== false;
  const phone = screens.sm === false;

  const columns: TableColumnsType<DeliveryItem> = [
    {
      key: 'image',
      title: t('list.column.image'),
      render: (_, d) => (
        <div className="firmware-stack firmware-image-cell">
          <span className="firmware-strong">{d.Firmware?.FWVersion ?? t('list.imageGone')}</span>
          {d.Firmware && (
            <span className="firmware-muted">
              {t('list.image', { model: d.Firmware.Model, hw: d.Firmware.HWVersion })}
            </span>
          )}
          {phone && <StatusTag item={d} lang={lang} />}
          {!wide && <UpgradeProgress item={d} />}
        </div>
      ),
    },
    createdColumn({ t, myId, cls: LOOK.cls }),
    {
      key: 'validity',
      title: t('list.column.validity'),
      responsive: ['lg'],
      render: (_, d) => <Terms item={d} />,
    },
    {
      key: 'status',
      title: t('list.column.status'),
      // A phone shows it under the image.
      responsive: ['sm'],
      render: (_, d) => <StatusTag item={d} lang={lang} />,
    },
    {
      key: 'progress',
      title: t('list.column.progress'),
      responsive: ['md'],
      render: (_, d) => <UpgradeProgress item={d} />,
    },
    ...(onCancel ? [cancelColumn({ t, nameOf, onCancel, testId: LOOK.testId })] : []),
  ];

  return (
    <CampaignTable
      {...LOOK}
      campaigns={upgrades}
      columns={columns}
      loading={loading}
      empty={empty}
      t={t}
      nameOf={nameOf}
      expanded={(d) => (
        <>
          {!large && <Terms item={d} />}
          <UpgradeDevices id={d._id} />
        </>
      )}
    />
  );
}
