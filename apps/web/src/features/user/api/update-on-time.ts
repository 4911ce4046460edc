import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';
import { setSessionTimeout } from '#shared/session.ts';
import { MINUTE_KEY } from './get-minute.ts';

export interface UpdateOnTimeReply {
  Minute: number;
  /** The session's new expiry on the server (Unix ms). */
  expiresAt: number;
}

/** POST /v1/user/UpdateOnTime: the new timeout applies to this session at once. */
export function updateOnTime(minute: number): Promise<UpdateOnTimeReply> {
  return api.post<UpdateOnTimeReply>('/v1/user/UpdateOnTime', { Minute: minute });
}

/** The Token cookie and the idle timer take the new lifetime as soon as the server has it. */
export function useUpdateOnTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnTime,
    onSuccess: (reply) => {
      queryClient.setQueryData(MINUTE_KEY, { Minute: reply.Minute });
      setSessionTimeout(reply.Minute);
    },
  });
}
