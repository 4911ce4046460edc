import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceAllReply, FirmwareItem, FirmwareModelRow } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything image-shaped: what an upload, an edit or a removal refetches. */
export const FIRMWARE_KEY = ['firmware'] as const;
export const IMAGES_KEY = [...FIRMWARE_KEY, 'images'] as const;

/** GET /v1/fw/getAllFWs: every image the caller may use (its own and the published ones), unpaged. */
export function useAllImages() {
  return useQuery({
    queryKey: IMAGES_KEY,
    queryFn: ({ signal }) => api.get<{ list: FirmwareItem[] }>('/v1/fw/getAllFWs', { signal }),
    select: (reply) => reply.list,
  });
}

/**
 * GET /v1/fw/versions (docs/api-extensions.tsv): per model and hardware version, the newest known
 * version and how many devices run each version.
 */
export function useFirmwareVersions() {
  return useQuery({
    queryKey: [...FIRMWARE_KEY, 'versions'],
    queryFn: ({ signal }) => api.get<{ list: FirmwareModelRow[] }>('/v1/fw/versions', { signal }),
    select: (reply) => reply.list,
  });
}

export interface ImageUpdate {
  _id: string;
  Operator?: string;
  Description?: string;
  Published?: boolean;
}

/** PUT /v1/fw/update; the dialog shows a refusal on its fields, so the toast stays quiet. */
export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImageUpdate) => api.put<{ list: FirmwareItem }>('/v1/fw/update', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRMWARE_KEY }),
  });
}

/** POST /v1/fw/remove (docs/api-extensions.tsv): refused while an upgrade that uses it goes on. */
export function useRemoveImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>('/v1/fw/remove', { _id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRMWARE_KEY }),
  });
}

export interface ModelDevicesFilter {
  Model: string;
  HWVersion: string;
  network?: string;
  search?: string;
}

/**
 * The caller's devices of one model and hardware version (GET /v1/device/getAll with its `Model`
 * and `HWVersion` filters, at most 10 000, by network and search). Null lists nothing.
 */
export function useModelDevices(filter: ModelDevicesFilter | null) {
  return useQuery({
    queryKey: [...FIRMWARE_KEY, 'devices', filter],
    queryFn: ({ signal }) =>
      api.get<DeviceAllReply>('/v1/device/getAll', {
        query: {
          Model: filter!.Model,
          HWVersion: filter!.HWVersion,
          Parent: filter!.network,
          search: filter!.search || undefined,
        },
        signal,
      }),
    enabled: filter !== null,
    select: (reply) => reply.list,
  });
}
