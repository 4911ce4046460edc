import { useCampaignLive, type CampaignLiveOptions } from '#shared/delivery/use-campaign-live.ts';
import { DELIVERY_DEVICES_KEY, DELIVERY_KEY, DELIVERY_LIST_KEY } from '../api/deliveries.ts';
import { patchDeliveryDevices } from './delivery-status.ts';

// Any kind's new campaign refetches this list, as it always has: the server filters it by kind.
const LIVE: CampaignLiveOptions = {
  keys: { all: DELIVERY_KEY, list: DELIVERY_LIST_KEY, devices: DELIVERY_DEVICES_KEY },
  patchDevices: patchDeliveryDevices,
};

/**
 * Lays the live `delivery` messages over the cached delivery lists while the screen is open: a
 * delivery's status and counts on its row, a target's outcome on its device row, without a reload.
 */
export function useDeliveryLive(): void {
  useCampaignLive(LIVE);
}
