import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeliveryLiveData, ListReply, DeliveryItem, DeliveryDeviceItem } from '@netconsole/contract';
import { subscribeLive } from '#shared/live/live-client.ts';
import { useLive } from '#shared/live/use-live.ts';
import { UPGRADE_DEVICES_KEY, UPGRADE_KEY, UPGRADE_LIST_KEY } from '../api/upgrades.ts';
import { isUnknownUpgrade, patchUpgradeDevices, patchUpgrades } from './upgrade-status.ts';

/** The delivery engine's topic (docs/delivery.md, "Live"), subscribed by name like the config screen. */
const TOPIC = 'delivery';
/** A burst of news about upgrades this page does not hold makes one refetch. */
const REFETCH_DELAY_MS = 500;

/**
 * Lays the live `delivery` messages over the cached upgrade lists while a firmware screen is open:
 * an upgrade's status and counts on its row, a device's stage, download percent and outcome on its
 * device row, without a reload. An upgrade no cached page holds refetches the lists; so does every
 * (re)connection of the socket, since what happened while it was away is only in the REST lists.
 */
export function useUpgradeLive(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const refetchSoon = () => {
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: UPGRADE_LIST_KEY });
      }, REFETCH_DELAY_MS);
    };
    const stop = subscribeLive(TOPIC, (raw) => {
      const data = raw as DeliveryLiveData;
      let unknown = false;
      for (const [key, reply] of queryClient.getQueriesData<ListReply<DeliveryItem>>({
        queryKey: UPGRADE_LIST_KEY,
      })) {
        // Only the first page, newest first, can gain a new upgrade.
        const first = (key[2] as { page?: number } | undefined)?.page === 1;
        if (first && isUnknownUpgrade(reply, data)) unknown = true;
        const next = patchUpgrades(reply, data);
        if (next !== reply) queryClient.setQueryData(key, next);
      }
      if (data.Event === 'target') {
        queryClient.setQueriesData<ListReply<DeliveryDeviceItem>>(
          { queryKey: UPGRADE_DEVICES_KEY },
          (reply) => patchUpgradeDevices(reply, data),
        );
      }
      if (unknown) refetchSoon();
    });
    return () => {
      stop();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [queryClient]);

  useLive('ready', () => void queryClient.invalidateQueries({ queryKey: UPGRADE_KEY }));
}
