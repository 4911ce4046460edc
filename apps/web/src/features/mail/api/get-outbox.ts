import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListReply, OUTBOX_CHANNELS, OutboxItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export interface OutboxParams {
  page: number;
  limit: number;
  /** One channel only; none: mail and SMS. */
  channel?: OutboxChannel;
}

/**
 * GET /v1/outbox/list (administrator): mail and SMS kept instead of sent, newest first. They hold
 * verification codes, so they are read fresh and never kept once the dialog is gone.
 */
export function getOutbox({ page, limit, channel }: OutboxParams, signal?: AbortSignal) {
  return api.get<ListReply<OutboxItem>>('/v1/outbox/list', { query: { page, limit, channel }, signal });
}

export function outboxQueryOptions(params: OutboxParams) {
  return queryOptions({
    queryKey: ['outbox', 'list', params],
    queryFn: ({ signal }) => getOutbox(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useOutbox(params: OutboxParams) {
  return useQuery(outboxQueryOptions(params));
}
