import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeliveryDeviceItem, DeliveryItem, DeliveryLiveData, ListReply } from '@netconsole/contract';
import { subscribeLive } from '#shared/live/live-client.ts';
import { useLive } from '#shared/live/use-live.ts';
import { DELIVERY_DEVICES_KEY, DELIVERY_KEY, DELIVERY_LIST_KEY } from '../api/deliveries.ts';
import { isUnknownDelivery, patchDeliveries, patchDeliveryDevices } from './delivery-status.ts';

/** The engine's topic (docs/delivery.md, "Live"); not in the shell's typed topics, so subscribed by name. */
const TOPIC = 'delivery';
/** A burst of news about deliveries this page does not hold makes one refetch. */
const REFETCH_DELAY_MS = 500;

/**
 * Lays the live `delivery` messages over the cached lists while the screen is open: a campaign's
 * status and counts on its row, a target's outcome on its device row, without a reload. A delivery
 * no cached page holds (started in another tab) refetches the lists; so does every (re)connection
 * of the socket, since what happened while it was away is only in the REST lists.
 */
export function useDeliveryLive(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const refetchSoon = () => {
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: DELIVERY_LIST_KEY });
      }, REFETCH_DELAY_MS);
    };
    const stop = subscribeLive(TOPIC, (raw) => {
      const data = raw as DeliveryLiveData;
      let unknown = false;
      for (const [key, reply] of queryClient.getQueriesData<ListReply<DeliveryItem>>({
        queryKey: DELIVERY_LIST_KEY,
      })) {
        // Only the first page, newest first, can gain a new delivery.
        const first = (key[2] as { page?: number } | undefined)?.page === 1;
        if (first && isUnknownDelivery(reply, data)) unknown = true;
        const next = patchDeliveries(reply, data);
        if (next !== reply) queryClient.setQueryData(key, next);
      }
      if (data.Event === 'target') {
        queryClient.setQueriesData<ListReply<DeliveryDeviceItem>>(
          { queryKey: DELIVERY_DEVICES_KEY },
          (reply) => patchDeliveryDevices(reply, data),
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

  useLive('ready', () => void queryClient.invalidateQueries({ queryKey: DELIVERY_KEY }));
}
