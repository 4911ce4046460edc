import i18next from 'i18next';
import { ErrorCode, SESSION_ENDING_CODES, type ErrorReply } from '@netconsole/contract';
import { notify } from './notify.ts';
import { endSession, getSession, touchSession } from './session.ts';

/** spec §7 and §9: every call gives up after 10 s; a forced sign-out reloads after 1.5 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const SESSION_END_RELOAD_MS = 1_500;

/** A failed call. `status` 0 means no response arrived (network down, time-out). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly details?: ErrorReply['details'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sends this token instead of the session's: signs out a session that already lapsed here. */
  token?: string | null;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isErrorReply(payload: unknown): payload is ErrorReply {
  const candidate = payload as Partial<ErrorReply> | null;
  return typeof candidate?.code === 'number' && typeof candidate.message === 'string';
}

let sessionEnding = false;

/** The one place where an error code ends the browser session (spec §2, §8); uploads use it too. */
export function applySessionPolicy(error: ApiError, usedSessionToken: boolean): void {
  if (SESSION_ENDING_CODES.includes(error.code)) {
    if (sessionEnding) return;
    sessionEnding = true;
    endSession();
    sessionStorage.clear();
    notify.error(error.message);
    setTimeout(() => window.location.reload(), SESSION_END_RELOAD_MS);
  } else if (error.code === ErrorCode.NotSignedIn && usedSessionToken && getSession().token) {
    // Said once, however many calls fail together; the guard sees the token gone and goes to /login.
    endSession();
    notify.warning(error.message);
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const sessionToken = getSession().token;
  const token = options.token !== undefined ? options.token : sessionToken;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A form (a file upload) goes as multipart: the browser writes its Content-Type and boundary.
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: 'same-origin',
      signal,
    });
    payload = await readPayload(response);
  } catch (error) {
    // A caller's cancellation (e.g. a query that is no longer needed) is not a failure to report.
    if (options.signal?.aborted) throw error;
    if (timeout.signal.aborted) throw new ApiError(i18next.t('common:message.requestTimeout'), 0, 0);
    throw new ApiError(error instanceof Error ? error.message : String(error), 0, 0);
  } finally {
    clearTimeout(timer);
  }

  const usedSessionToken = Boolean(token) && token === sessionToken;
  if (!response.ok) {
    const error = isErrorReply(payload)
      ? new ApiError(payload.message, payload.code, response.status, payload.details)
      : new ApiError(
          typeof payload === 'string' && payload
            ? payload
            : `${response.status} ${response.statusText}`.trim(),
          response.status * 10,
          response.status,
        );
    applySessionPolicy(error, usedSessionToken);
    throw error;
  }
  if (usedSessionToken) touchSession();
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Errors the session policy already answered: toasting them again would only repeat it. */
export function isSessionError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (SESSION_ENDING_CODES.includes(error.code) || error.code === ErrorCode.NotSignedIn)
  );
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : i18next.t('common:message.operateFailed');
}

/** spec §8: a failed action toasts the server's message (the app wires this into TanStack Query). */
export function reportApiError(error: unknown): void {
  if (isSessionError(error)) return;
  notify.error(errorMessage(error));
}
