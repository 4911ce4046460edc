import { useQuery } from '@tanstack/react-query';
import type { CommandItem, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/device/deviceIssuedinfo: a device's commands, newest first, with what it reported. */
export function getIssuedInfo(deviceId: string, signal?: AbortSignal): Promise<ListReply<CommandItem>> {
  return api.get<ListReply<CommandItem>>('/v1/device/deviceIssuedinfo', {
    query: { _id: deviceId, page: 1, limit: 10, sort: '-IssueTime' },
    signal,
  });
}

/** The latest commands of a device, asked every `pollMs` while given (false: not polled). */
export function useIssuedInfo(deviceId: string, pollMs: number | false) {
  return useQuery({
    queryKey: ['device', 'issued', deviceId],
    queryFn: ({ signal }) => getIssuedInfo(deviceId, signal),
    refetchInterval: pollMs,
    staleTime: 0,
  });
}
