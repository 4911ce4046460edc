import { useMutation } from '@tanstack/react-query';
import type { LogoReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

const PATH = '/v1/dashboard/uploadLogo';

/**
 * POST /v1/dashboard/uploadLogo, multipart: the picture is kept aside (one at a time) and its
 * Path comes back for a preview. The logo in use does not change yet.
 */
export function uploadLogoFile(file: File): Promise<LogoReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<LogoReply>(PATH, form);
}

/** POST /v1/dashboard/uploadLogo, JSON {path}: that upload becomes the tenant's logo. */
export function confirmLogo(path: string): Promise<LogoReply> {
  return api.post<LogoReply>(PATH, { path });
}

/** Silent: the dialog shows the server's refusal as a warning itself (spec §8). */
export function useUploadLogoFile() {
  return useMutation({ mutationFn: uploadLogoFile, meta: { silent: true } });
}

export function useConfirmLogo() {
  return useMutation({ mutationFn: confirmLogo, meta: { silent: true } });
}
