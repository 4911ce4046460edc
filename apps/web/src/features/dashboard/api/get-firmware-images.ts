import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FirmwareItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/fw/getAllFWs: the library's images, whose versions count as "newest known" for the firmware ratio. */
export function firmwareImagesQueryOptions() {
  return queryOptions({
    // Not under the live key: devices coming and going do not change the library.
    queryKey: ['dashboard', 'firmware-images'],
    queryFn: ({ signal }) => api.get<{ list: FirmwareItem[] }>('/v1/fw/getAllFWs', { signal }),
    select: (reply) => reply.list,
    // The tile falls back to the devices' own versions; a refusal is not worth a toast here.
    meta: { silent: true },
  });
}

export function useFirmwareImages() {
  return useQuery(firmwareImagesQueryOptions());
}
