import { useCampaignLive, type CampaignLiveOptions } from '#shared/delivery/use-campaign-live.ts';
import { UPGRADE_DEVICES_KEY, UPGRADE_KEY, UPGRADE_LIST_KEY } from '../api/upgrades.ts';
import { patchUpgradeDevices } from './upgrade-status.ts';

// Only a new firmware campaign refetches: configuration deliveries share the topic.
const LIVE: CampaignLiveOptions = {
  keys: { all: UPGRADE_KEY, list: UPGRADE_LIST_KEY, devices: UPGRADE_DEVICES_KEY },
  patchDevices: patchUpgradeDevices,
  kind: 'firmware',
};

/**
 * Lays the live `delivery` messages over the cached upgrade lists while a firmware screen is open:
 * an upgrade's status and counts on its row, a device's stage, download percent and outcome on its
 * device row, without a reload.
 */
export function useUpgradeLive(): void {
  useCampaignLive(LIVE);
}
