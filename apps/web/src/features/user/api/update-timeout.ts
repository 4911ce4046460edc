import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionTimeout } from '#shared/session.ts';
import { useApplyCurrentUser } from './get-current-user.ts';
import { MINUTE_KEY } from './get-minute.ts';
import { updateUserInfo } from './update-user-info.ts';

/**
 * PUT /v1/user/updateUserInfo `{ Minute }`: the new timeout applies to this session at once, so
 * the Token cookie and the idle timer take it as soon as the server has it.
 */
export function useUpdateTimeout() {
  const queryClient = useQueryClient();
  const apply = useApplyCurrentUser();
  return useMutation({
    mutationFn: (minute: number) => updateUserInfo({ Minute: minute }),
    onSuccess: (user) => {
      apply(user);
      queryClient.setQueryData(MINUTE_KEY, { Minute: user.Timeout });
      setSessionTimeout(user.Timeout);
    },
  });
}
