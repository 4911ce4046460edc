import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** spec §5: whitespace is trimmed before sending. */
export function login({ Username, Password }: LoginBody): Promise<LoginReply> {
  return api.post<LoginReply>('/v1/user/login', { Username: Username.trim(), Password: Password.trim() });
}

/** Silent: the login form shows the server's message itself. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { silent: true } });
}
