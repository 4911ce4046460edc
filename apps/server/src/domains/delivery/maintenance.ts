/**
 * Maintenance windows of deliveries (docs/notifications.md, "Windows of deliveries"): a
 * configuration delivery or firmware upgrade started with `Maintenance` asks for the networks of its
 * devices to be muted while it runs, so the alarms it causes (devices rebooting) are recorded but
 * told to nobody. The delivery domain comes before the notification domain (app.ts) and does not
 * know it: it says what happened by the two events below, and the notification domain opens and
 * ends the windows (notification/delivery-windows.ts). The durations are the contract's
 * (DELIVERY_WINDOW_*_MS in api/delivery.ts): the forms' hint names them.
 */
import {
  DELIVERY_WINDOW_DAILY_MS,
  DELIVERY_WINDOW_DEFAULT_MS,
  MAINTENANCE_MAX_MS,
} from '@netconsole/contract';
import type { CampaignStatus } from './tables.ts';

/** The window a campaign asks for (CampaignSpec.maintenance). */
export interface MaintenanceRequest {
  /** When it ends unless the delivery ends or is cancelled first (Unix ms). */
  end: number;
}

/** `delivery.maintenance`: a campaign that asked for a window was stored. */
export interface DeliveryWindowNotice {
  campaignId: string;
  /** The campaign's command kind (apply_config, upgrade_firmware). */
  kind: string;
  /** What it delivers: the profile's name, the image's version. */
  name: string | null;
  /** The account that started it. */
  createdBy: string | null;
  /** The campaign's effective time and the window's end (Unix ms). */
  start: number;
  end: number;
  /** The networks of its devices, each with its tenant (an administrator's campaign may span tenants). */
  networks: { tenantId: string; networkId: string }[];
}

/** `delivery.ended`: a campaign was cancelled, or all its devices ended (any campaign). */
export interface DeliveryEndNotice {
  campaignId: string;
  /** The campaign's tenant; null for an administrator's own. */
  tenantId: string | null;
  status: CampaignStatus;
  /** The campaign's effective time: its windows start then. */
  effectiveAt: number;
  at: number;
}

declare module '../../platform/events.ts' {
  interface DomainEvents {
    'delivery.maintenance': DeliveryWindowNotice;
    'delivery.ended': DeliveryEndNotice;
  }
}

/**
 * The end of a delivery's window from its start: the delivery's own end when it has one (a
 * configuration delivery's expiry, a firmware upgrade's period), otherwise a bounded default (two
 * days when the upgrade flashes in a daily window, else two hours); never longer than a window may
 * last (MAINTENANCE_MAX_MS).
 */
export function maintenanceEnd(start: number, ownEnd: number | null, dailyWindow = false): number {
  const fallback = start + (dailyWindow ? DELIVERY_WINDOW_DAILY_MS : DELIVERY_WINDOW_DEFAULT_MS);
  return Math.min(ownEnd ?? fallback, start + MAINTENANCE_MAX_MS);
}

/** The distinct networks of a campaign's devices (devices in no network have no window). */
export function networksOf(
  devices: readonly { tenant_id: string | null; parent: string | null }[],
): DeliveryWindowNotice['networks'] {
  const seen = new Map<string, { tenantId: string; networkId: string }>();
  for (const d of devices) {
    if (d.tenant_id === null || d.parent === null) continue;
    seen.set(`${d.tenant_id}/${d.parent}`, { tenantId: d.tenant_id, networkId: d.parent });
  }
  return [...seen.values()];
}
