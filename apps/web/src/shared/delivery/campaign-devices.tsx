import type { HTMLAttributes } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { DeliveryDeviceItem, ListReply } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import type { CampaignLook } from './campaign-table.tsx';

/** Devices a page under an opened campaign row. */
export const DEVICES_PAGE = 10;

export interface DevicesPage {
  page: number;
  limit: number;
}

export interface TargetOutcomeProps extends CampaignLook {
  row: DeliveryDeviceItem;
  /** The feature's locale key of the row's outcome (its outcomeKey), below `keyPrefix`; null: none. */
  outcome: string | null;
  /**
   * The feature's `t` and where its outcome texts are: `<keyPrefix><outcome>`, with
   * `<keyPrefix>code.other` for a reason code it has no text for; the code's label is `devices.codeLabel`.
   */
  t: TFunction;
  keyPrefix: string;
}

/**
 * What a device made of a campaign in the user's language, never a bare "failed": the reason code's
 * text (e.g. "rolled back: connectivity lost") or the stage while it works, the code itself, and the
 * device's own detail beside them.
 */
export function TargetOutcome({ row, outcome, t, keyPrefix, testId, cls }: TargetOutcomeProps) {
  const text = outcome
    ? t(`${keyPrefix}${outcome}`, {
        defaultValue: row.Code ? t(`${keyPrefix}code.other`, { code: row.Code }) : '',
      })
    : '';
  if (!text && !row.Detail) return <span className={`${cls}-muted`}>—</span>;
  return (
    <div className={`${cls}-outcome`} data-testid={`${testId}-outcome-${row.SN}`}>
      {text && <span className={`${cls}-outcome-text`}>{text}</span>}
      {row.Code && (
        <span className={`${cls}-outcome-code`}>{t('devices.codeLabel', { code: row.Code })}</span>
      )}
      {row.Detail && <span className={`${cls}-outcome-detail`}>{row.Detail}</span>}
    </div>
  );
}

export interface CampaignDevicesProps extends CampaignLook {
  /** The campaign's id. */
  id: string;
  columns: TableColumnsType<DeliveryDeviceItem>;
  /** The feature's query of this campaign's devices (GET /v1/issued/device) at `page`. */
  devices: UseQueryResult<ListReply<DeliveryDeviceItem>>;
  page: DevicesPage;
  onPage: (page: DevicesPage) => void;
  empty: string;
}

/** The devices of one campaign, a page at a time; the pager shows once there is more than a page. */
export function CampaignDevices({
  id,
  columns,
  devices,
  page,
  onPage,
  empty,
  testId,
  cls,
}: CampaignDevicesProps) {
  const count = devices.data?.count ?? 0;
  return (
    <div className={`${cls}-devices`} data-testid={`${testId}-devices-${id}`}>
      <div className={`${cls}-table`}>
        <Table<DeliveryDeviceItem>
          rowKey="Device"
          size="small"
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={devices.isFetching && !devices.data}
          pagination={false}
          onRow={(d) => ({ 'data-testid': `${testId}-device-${d.SN}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: empty }}
        />
      </div>
      {count > DEVICES_PAGE && (
        <div className={`${cls}-pagination`}>
          <Pagination
            total={count}
            page={page.page}
            limit={page.limit}
            onChange={(p, limit) => onPage({ page: p, limit })}
          />
        </div>
      )}
    </div>
  );
}
