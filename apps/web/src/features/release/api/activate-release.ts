import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppReleaseItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { RELEASES_KEY } from './get-releases.ts';

/** PUT /v1/app/activate: the release the sign-in page offers for its platform (26003: unknown). */
export function activateRelease(id: string): Promise<AppReleaseItem> {
  return api.put<AppReleaseItem>('/v1/app/activate', { _id: id });
}

export function useActivateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateRelease,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
  });
}
