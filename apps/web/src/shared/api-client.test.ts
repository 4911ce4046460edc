// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginReply } from '@netconsole/contract';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError, REQUEST_TIMEOUT_MS, api, isSessionError, reportApiError } from './api-client.ts';
import { deleteCookie, readCookie } from './cookies.ts';
import { registerNotifier } from './notify.ts';
import { endSession, getSession, startSession } from './session.ts';

const fetchMock = vi.fn<typeof fetch>();
const toasts = { error: vi.fn(), warning: vi.fn(), info: vi.fn(), success: vi.fn() };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function signIn() {
  startSession({
    Token: 'tok',
    LoginModel: 'cloud',
    Role: 1,
    Type: 1,
    Name: 'Demo',
    Username: 'demo',
    Tenant: null,
    Operation: null,
    Roles: ['user'],
    Timeout: 3,
    Language: 'en',
    LogoPath: null,
  } satisfies LoginReply);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(toasts).forEach((fn) => fn.mockReset());
  registerNotifier(toasts as unknown as MessageInstance);
  endSession();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends JSON with the bearer token and the query string', async () => {
    signIn();
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { ok: true })));
    await expect(api.post('/v1/x', { a: 1 }, { query: { b: 2, skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/x?b=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toEqual(
      expect.objectContaining({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' }),
    );
  });

  it('sends a form as multipart, leaving its Content-Type to the browser', async () => {
    signIn();
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { Path: '/files/x.jpg' })));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'logo.jpg');
    await api.post('/v1/dashboard/uploadLogo', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.headers).toEqual(expect.objectContaining({ Authorization: 'Bearer tok' }));
  });

  it('sends no Authorization header without a session, or the token it is given', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    await api.get('/system/version');
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
    await api.post('/v1/user/changeOnline', undefined, { token: 'old' });
    expect(fetchMock.mock.calls[1]![1]?.headers).toEqual(
      expect.objectContaining({ Authorization: 'Bearer old' }),
    );
  });

  it('slides the token cookie after a successful call', async () => {
    signIn();
    deleteCookie('Token');
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    await api.get('/v1/user/getCurrentUser');
    expect(readCookie('Token')).toBe('tok');
  });
});

describe('errors', () => {
  it('rejects with the server’s code and localized message', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(401, { code: 11005, message: '账号或密码错误' })),
    );
    const error = await api.post('/v1/user/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 11005, status: 401, message: '账号或密码错误' });
  });

  it('maps a reply without an error body to a code from the status', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('Bad Gateway', { status: 502 })));
    await expect(api.get('/v1/x')).rejects.toMatchObject({ code: 5020, status: 502, message: 'Bad Gateway' });
  });

  it('passes on the error’s own message when no response arrives', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/v1/x')).rejects.toMatchObject({ code: 0, status: 0, message: 'Failed to fetch' });
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = api.get('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ code: 0, status: 0 });
  });

  it('lets a caller’s cancellation through untouched', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = api.get('/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
  });

  it('ends the session on 4010 and says so once', async () => {
    signIn();
    fetchMock.mockImplementation(() => Promise.resolve(json(401, { code: 4010, message: 'Please sign in' })));
    await Promise.all([api.get('/v1/a').catch(() => undefined), api.get('/v1/b').catch(() => undefined)]);
    expect(getSession().token).toBeNull();
    expect(toasts.warning).toHaveBeenCalledTimes(1);
  });

  it('on 4011 clears the session, shows the message and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    signIn();
    sessionStorage.setItem('visitedTabs', '[]');
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(401, { code: 4011, message: 'Signed in elsewhere' })),
    );
    await expect(api.get('/v1/a')).rejects.toMatchObject({ code: 4011 });
    expect(getSession().token).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(toasts.error).toHaveBeenCalledWith('Signed in elsewhere');
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 1500);
  });
});

describe('reportApiError', () => {
  it('toasts a failed action, but not what the session policy already answered', () => {
    reportApiError(new ApiError('Name exists', 12007, 409));
    expect(toasts.error).toHaveBeenCalledWith('Name exists');
    toasts.error.mockReset();
    const ended = new ApiError('No access rights', 4012, 403);
    expect(isSessionError(ended)).toBe(true);
    reportApiError(ended);
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
