import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { endSession, markRoamUsed } from '#shared/session.ts';

/** A sign-out that worked has no onlineTime (spec §4). */
export interface ChangeOnlineReply {
  ok: boolean;
  onlineTime?: number;
}

/** Marks the account offline; `token` signs out a session that already lapsed in this browser. */
export function changeOnline(token?: string | null): Promise<ChangeOnlineReply> {
  return api.post<ChangeOnlineReply>(
    '/v1/user/changeOnline',
    undefined,
    token === undefined ? {} : { token },
  );
}

export function useLogout() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => changeOnline(),
    onSuccess: (reply) => {
      if (reply.onlineTime !== undefined) {
        notify.warning(t('message.logoutFailed'));
        return;
      }
      endSession();
      markRoamUsed();
      // The next account must not see this one's cached data.
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}
