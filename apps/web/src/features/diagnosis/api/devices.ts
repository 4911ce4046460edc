import { useQuery } from '@tanstack/react-query';
import type { DeviceAllReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export interface ChooserFilter {
  /** A network's _id; absent: every network. */
  network?: string;
  search: string;
}

/**
 * The devices a diagnosis can run from (GET /v1/device/getAll: unpaged, by network and search),
 * online ones first — an offline device waits for its return before it answers — then by name.
 */
export function useChooserDevices(filter: ChooserFilter) {
  return useQuery({
    queryKey: ['diagnosis', 'chooser', filter],
    queryFn: ({ signal }) =>
      api.get<DeviceAllReply>('/v1/device/getAll', {
        query: { Parent: filter.network, search: filter.search || undefined },
        signal,
      }),
    select: (reply) =>
      [...reply.list].sort(
        (a, b) =>
          Number(b.Online) - Number(a.Online) || a.Alias.localeCompare(b.Alias, undefined, { numeric: true }),
      ),
  });
}
