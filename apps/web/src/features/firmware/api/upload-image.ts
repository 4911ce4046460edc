import i18next from 'i18next';
import type { ErrorReply, FirmwareItem } from '@netconsole/contract';
import { ApiError, applySessionPolicy } from '#shared/api-client.ts';
import { getSession, touchSession } from '#shared/session.ts';

/** The text fields of POST /v1/fw/add, sent before the file so the server checks them first. */
export interface UploadFields {
  Model: string;
  HWVersion: string;
  FWVersion: string;
  Checksum: string;
  MD5: string;
  Operator: string;
  Description?: string;
  Published?: boolean;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let payload: unknown = null;
  try {
    payload = JSON.parse(xhr.responseText) as unknown;
  } catch {
    payload = xhr.responseText;
  }
  const reply = payload as Partial<ErrorReply> | null;
  if (typeof reply?.code === 'number' && typeof reply.message === 'string')
    return new ApiError(reply.message, reply.code, xhr.status, reply.details);
  return new ApiError(`${xhr.status} ${xhr.statusText}`.trim(), xhr.status * 10, xhr.status);
}

/**
 * POST /v1/fw/add as multipart/form-data with the upload's progress. fetch() reports no upload
 * progress (a streamed request body needs HTTP/2), so this one call goes through XMLHttpRequest,
 * with the api client's error shape and session policy. No time limit: an image may be 512 MB on
 * a slow line; `signal` cancels it (the server removes what it stored of it).
 */
export function uploadImage(
  fields: UploadFields,
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Promise<FirmwareItem> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : value);
  }
  form.append('file', file, file.name);
  const token = getSession().token;
  return new Promise<FirmwareItem>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // Chromium reports upload progress once more after an abort: none may follow the outcome or
    // the cancel, or the page would show the bar again.
    let settled = false;
    const settle =
      <T>(then: (value: T) => void) =>
      (value: T) => {
        settled = true;
        then(value);
      };
    const done = settle(resolve);
    const fail = settle(reject);
    xhr.open('POST', '/v1/fw/add');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (!settled && !signal.aborted && e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        if (token) touchSession();
        done((JSON.parse(xhr.responseText) as { list: FirmwareItem }).list);
        return;
      }
      const error = errorOf(xhr);
      applySessionPolicy(error, Boolean(token) && token === getSession().token);
      fail(error);
    };
    xhr.onerror = () => fail(new ApiError(i18next.t('firmware-upload:error.failed'), 0, 0));
    xhr.onabort = () => fail(new DOMException('cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
