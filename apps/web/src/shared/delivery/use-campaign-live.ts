import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeliveryDeviceItem, DeliveryItem, DeliveryLiveData, ListReply } from '@netconsole/contract';
import { subscribeLive } from '#shared/live/live-client.ts';
import { useLive } from '#shared/live/use-live.ts';
import { isUnknownCampaign, patchCampaigns } from './delivery-status.ts';

/** The engine's topic (docs/delivery.md, "Live"); not in the shell's typed topics, so subscribed by name. */
const TOPIC = 'delivery';
/** A burst of news about campaigns this page does not hold makes one refetch. */
const REFETCH_DELAY_MS = 500;

export interface CampaignLiveOptions {
  /** The feature's query keys: everything, its campaign lists, its device lists. */
  keys: { all: readonly unknown[]; list: readonly unknown[]; devices: readonly unknown[] };
  /** A `target` message laid over one cached device list (each kind has its own issue status rule). */
  patchDevices: (
    reply: ListReply<DeliveryDeviceItem> | undefined,
    data: DeliveryLiveData,
  ) => ListReply<DeliveryDeviceItem> | undefined;
  /** Only a new campaign of this kind refetches the lists; absent, any kind does. */
  kind?: string;
}

/**
 * Lays the live `delivery` messages over a feature's cached lists while its screen is open: a
 * campaign's status and counts on its row, a target's outcome on its device row, without a reload.
 * A campaign no cached page holds (started in another tab) refetches the lists; so does every
 * (re)connection of the socket, since what happened while it was away is only in the REST lists.
 */
export function useCampaignLive({ keys, patchDevices, kind }: CampaignLiveOptions): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const refetchSoon = () => {
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: keys.list });
      }, REFETCH_DELAY_MS);
    };
    const stop = subscribeLive(TOPIC, (raw) => {
      const data = raw as DeliveryLiveData;
      let unknown = false;
      for (const [key, reply] of queryClient.getQueriesData<ListReply<DeliveryItem>>({
        queryKey: keys.list,
      })) {
        // Only the first page, newest first, can gain a new campaign.
        const first = (key[2] as { page?: number } | undefined)?.page === 1;
        if (first && isUnknownCampaign(reply, data, kind)) unknown = true;
        const next = patchCampaigns(reply, data);
        if (next !== reply) queryClient.setQueryData(key, next);
      }
      if (data.Event === 'target') {
        queryClient.setQueriesData<ListReply<DeliveryDeviceItem>>({ queryKey: keys.devices }, (reply) =>
          patchDevices(reply, data),
        );
      }
      if (unknown) refetchSoon();
    });
    return () => {
      stop();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
    // Each feature passes module constants, so this subscribes once per mount.
  }, [queryClient, keys, patchDevices, kind]);

  useLive('ready', () => void queryClient.invalidateQueries({ queryKey: keys.all }));
}
