import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppReleaseBody, AppReleaseItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { RELEASES_KEY } from './get-releases.ts';

/**
 * POST /v1/app/add: publishes a version (a platform and version the server knows gets the new URL
 * and notes); active by default, which steps the platform's other releases back.
 */
export function publishRelease(body: AppReleaseBody): Promise<AppReleaseItem> {
  return api.post<AppReleaseItem>('/v1/app/add', body);
}

export function usePublishRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishRelease,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
  });
}
