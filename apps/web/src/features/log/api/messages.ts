import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ListReply,
  MessageCountReply,
  MessageItem,
  MessageStatus,
  MessageType,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything message-shaped: what reading or removing a message refetches. */
export const MESSAGES_KEY = ['message'] as const;
/**
 * The top bar's unread dot and the dashboard's count (features/dashboard/api/get-unread-messages.ts
 * keeps this key): reading or removing here must move the dot at once, not at its next minute.
 */
const UNREAD_COUNT_KEY = ['dashboard', 'unread-messages'] as const;

export interface MessageParams {
  page: number;
  limit: number;
  /** One status; none lists every message. */
  status?: MessageStatus;
  type?: MessageType;
}

/** GET /v1/message/all: the caller's messages, newest first, paged, by status and type. */
export function messagesQueryOptions(params: MessageParams) {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', params],
    queryFn: ({ signal }) =>
      api.get<ListReply<MessageItem>>('/v1/message/all', {
        query: { page: params.page, limit: params.limit, status: params.status, type: params.type },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMessages(params: MessageParams) {
  return useQuery(messagesQueryOptions(params));
}

function refreshMessages(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
    queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
  ]);
}

/**
 * POST /v1/message/status: one message in full, read from now on. The spec has no call that only
 * reads one message, so opening it is what marks it read (as the list's "mark read" does).
 */
export function useOpenMessage(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'one', id],
    queryFn: async () => {
      const message = await api.post<MessageItem>('/v1/message/status', { _id: id });
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
      return message;
    },
    enabled: id !== null,
    staleTime: Infinity,
    // The page says itself that the message is gone (18xxx), so the toast stays quiet.
    meta: { silent: true },
  });
}

/** POST /v1/message/status from the list: marks one message read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MessageItem>('/v1/message/status', { _id: id }),
    onSettled: () => refreshMessages(queryClient),
  });
}

/** POST /v1/message/allStatus: every message read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageCountReply>('/v1/message/allStatus'),
    onSettled: () => refreshMessages(queryClient),
  });
}

/** DELETE /v1/message/disabled/{id}: removes one message. */
export function useRemoveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<MessageCountReply>(`/v1/message/disabled/${encodeURIComponent(id)}`),
    onSettled: () => refreshMessages(queryClient),
  });
}

/** PUT /v1/message/allDisabled: removes every message. */
export function useRemoveAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<MessageCountReply>('/v1/message/allDisabled'),
    onSettled: () => refreshMessages(queryClient),
  });
}
