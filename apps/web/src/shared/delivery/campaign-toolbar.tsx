import type { Dispatch, SetStateAction } from 'react';
import { Badge, Button, Input, Select } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import {
  DELIVERY_STATUSES,
  deliveryStatusLabels,
  type DeliveryStatus,
  type Lang,
} from '@netconsole/contract';
import { useLiveStatus } from '#shared/live/use-live.ts';
import type { useTypedSearch } from '#shared/use-typed-search.ts';
import type { CampaignLook } from './campaign-table.tsx';

/** The server refuses longer searches (deliveryListQuery). */
const SEARCH_MAX = 64;

/** The list's parameters the toolbar changes: its status filter (a new filter starts at page 1). */
interface Filtered {
  page: number;
  status?: DeliveryStatus;
}

export interface CampaignToolbarProps<P extends Filtered> extends CampaignLook {
  /** The search box's props (useTypedSearch over the list's parameters). */
  search: ReturnType<typeof useTypedSearch>;
  params: P;
  setParams: Dispatch<SetStateAction<P>>;
  lang: Lang;
  /**
   * The feature's `t` and where its list texts are: `<keyPrefix>searchPlaceholder`, `allStatuses`,
   * `statusFilter`, `live.open`, `live.away`, `new`.
   */
  t: TFunction;
  keyPrefix: string;
  /** Whether to show if live updates arrive (the screens that follow live). */
  live?: boolean;
  /** The "new" button at the toolbar's end (the screens that start campaigns). */
  onNew?: () => void;
}

/**
 * A campaign list's toolbar: search, status filter and, where the screen is live, the socket's
 * state; where it starts campaigns, its "new" button.
 */
export function CampaignToolbar<P extends Filtered>({
  search,
  params,
  setParams,
  lang,
  t,
  keyPrefix,
  live,
  onNew,
  testId,
  cls,
}: CampaignToolbarProps<P>) {
  const text = (key: string) => t(`${keyPrefix}${key}`);
  return (
    <div className={`${cls}-toolbar`}>
      <div className={`${cls}-toolbar-filters`}>
        <Input
          className={`${cls}-search`}
          prefix={<SearchOutlined className={`${cls}-muted`} />}
          placeholder={text('searchPlaceholder')}
          aria-label={text('searchPlaceholder')}
          allowClear
          maxLength={SEARCH_MAX}
          {...search}
          data-testid={`${testId}-search`}
        />
        <Select
          className={`${cls}-filter`}
          allowClear
          placeholder={text('allStatuses')}
          aria-label={text('statusFilter')}
          value={params.status}
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: deliveryStatusLabels[s][lang] }))}
          onChange={(status?: DeliveryStatus) => setParams((p) => ({ ...p, status, page: 1 }))}
          data-testid={`${testId}-status-filter`}
        />
        {live && (
          <LiveBadge texts={{ open: text('live.open'), away: text('live.away') }} testId={testId} cls={cls} />
        )}
      </div>
      {onNew && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid={`${testId}-new`}>
          {text('new')}
        </Button>
      )}
    </div>
  );
}

function LiveBadge({ texts, testId, cls }: CampaignLook & { texts: { open: string; away: string } }) {
  const live = useLiveStatus();
  return (
    <Badge
      status={live === 'open' ? 'processing' : 'default'}
      text={live === 'open' ? texts.open : texts.away}
      className={`${cls}-live`}
      data-testid={`${testId}-live`}
      data-state={live}
    />
  );
}
