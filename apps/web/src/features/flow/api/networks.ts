import { useQuery } from '@tanstack/react-query';
import type { NetworkAllReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/network/getAllNetworks: the caller's networks, for the screens' network choosers. */
export function useNetworks() {
  return useQuery({
    queryKey: ['network', 'all'],
    queryFn: ({ signal }) => api.get<NetworkAllReply>('/v1/network/getAllNetworks', { signal }),
    select: (reply) => reply.list.map((n) => ({ id: n._id, name: n.Name })),
  });
}
