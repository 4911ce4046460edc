import { useMutation } from '@tanstack/react-query';
import type { Lang } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { writeLanguage } from '#shared/language.ts';

export function setLanguage(language: Lang): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/v1/user/setLan', { language });
}

/**
 * spec §1: the choice is kept in the cookie and switching reloads the page. The cookie is written
 * whatever the server answers, so the switch works signed out or offline too.
 */
export function useSetLanguage() {
  return useMutation({
    mutationFn: setLanguage,
    meta: { silent: true },
    onMutate: (language) => writeLanguage(language),
    onSettled: () => window.location.reload(),
  });
}
