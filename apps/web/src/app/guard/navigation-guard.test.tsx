// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CurrentUser } from '@netconsole/contract';
import type { MessageInstance } from 'antd/es/message/interface';
import { registerNotifier } from '#shared/notify.ts';
import { adoptToken, endSession, getSession, startSession } from '#shared/session.ts';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import { NavigationGuard } from './navigation-guard.tsx';

const fetchMock = vi.fn<typeof fetch>();
const toasts = { error: vi.fn(), warning: vi.fn(), info: vi.fn(), success: vi.fn() };
const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

const user: CurrentUser = {
  _id: 'u1',
  Username: 'demo',
  Name: 'Demo',
  Role: 1,
  Type: 1,
  Email: '',
  Phone: '',
  Password: true,
  LoginModel: 'cloud',
  Timeout: 3,
  Language: 'en',
  Roles: ['user'],
  Tenant: null,
  Operation: null,
  LogoPath: null,
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<NavigationGuard />}>
            <Route path="/login" element={<p>login page</p>} />
            <Route path="/dashboard" element={<p>dashboard page</p>} />
            <Route path="/404" element={<p>not found page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// No texts loaded: the toasts carry their keys, which is what the assertions check.
beforeAll(() => i18next.use(initReactI18next).init({ lng: 'en', resources: {}, showSupportNotice: false }));

beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(toasts).forEach((fn) => fn.mockReset());
  registerNotifier(toasts as unknown as MessageInstance);
  endSession();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('<NavigationGuard>', () => {
  it('sends a visitor without a token to /login', async () => {
    renderAt('/dashboard');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a reload, verifies the token with the current user before showing the screen', async () => {
    adoptToken('tok');
    fetchMock.mockImplementation(() => json(200, user));
    renderAt('/dashboard');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/v1/user/getCurrentUser');
    expect(getSession().roles).toEqual(['user']);
  });

  it('signs out with the validation-failed warning when the user cannot be fetched', async () => {
    adoptToken('tok');
    fetchMock.mockImplementation(() => json(500, { code: 5000, message: 'Server error' }));
    renderAt('/dashboard');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(getSession().token).toBeNull();
    expect(toasts.warning).toHaveBeenCalledWith('message.validationFailed');
  });

  it('marks a timed-out session offline and warns of the time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    startSession({ ...user, Token: 'lapsed', Tenant: null });
    vi.advanceTimersByTime(3 * 60_000);
    vi.useRealTimers();
    expect(getSession().timedOut).toBe(true);
    fetchMock.mockImplementation(() => json(200, { ok: true }));
    renderAt('/dashboard');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(toasts.warning).toHaveBeenCalledWith('message.loginTimeout');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/user/changeOnline');
    expect(init?.headers).toEqual(expect.objectContaining({ Authorization: 'Bearer lapsed' }));
  });

  it('signs in from a roaming query string and removes it from the address', async () => {
    fetchMock.mockImplementation(() => json(200, user));
    renderAt('/dashboard?role=1&token=roamed&name=Demo&tenant=t1&username=demo');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(getSession().token).toBe('roamed');
    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual(
      expect.objectContaining({ Authorization: 'Bearer roamed' }),
    );
  });

  it('refuses a roaming token that belongs to someone else', async () => {
    fetchMock.mockImplementation(() => json(200, { ...user, Username: 'other' }));
    renderAt('/dashboard?role=1&token=roamed&name=Demo&tenant=t1&username=demo');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(getSession().token).toBeNull();
  });
});
