// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TenantUserItem } from '@netconsole/contract';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import user from '../locales/en.json';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { UserFormModal } from './user-form-modal.tsx';

const ops: TenantUserItem = {
  _id: 'u1',
  Username: 'ops01',
  Name: 'Ops',
  Email: '',
  Phone: '',
  Status: 1,
  Online: true,
  Operation: { Certified: true, Analysis: false, Financial: false },
  LastLogin: null,
  CreateTime: 1_700_000_000_000,
};

function renderWithClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

function mockFetch(reply: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(reply), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentBody(
  fetchMock: ReturnType<typeof mockFetch>,
  index = 0,
): { url: string; method: string; body: unknown } {
  const [url, init] = fetchMock.mock.calls[index] as unknown as [string, RequestInit];
  return { url, method: init.method ?? 'GET', body: JSON.parse(String(init.body)) };
}

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { user } }, defaultNS: 'user' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<UserFormModal> adding', () => {
  it('refuses an empty form with the field messages and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderWithClient(<UserFormModal onClose={() => undefined} />);
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText(user.form.error.usernameRequired)).toBeTruthy();
    expect(screen.getByText(user.form.error.nameRequired)).toBeTruthy();
    expect(screen.getByText(user.form.error.passwordRequired)).toBeTruthy();
    expect(screen.getByText(user.form.error.confirmRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks formats and the confirmation', async () => {
    const fetchMock = mockFetch({});
    renderWithClient(<UserFormModal onClose={() => undefined} />);
    type('user-form-username', 'abc');
    type('user-form-name', 'Ops');
    type('user-form-password', 'abcdef');
    type('user-form-confirm', 'abcdeg');
    type('user-form-email', 'ops@');
    type('user-form-phone', '12345');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText(user.form.error.usernameLength)).toBeTruthy();
    expect(screen.getByText(user.form.error.passwordWeak)).toBeTruthy();
    expect(screen.getByText(user.form.error.confirmMismatch)).toBeTruthy();
    expect(screen.getByText(user.form.error.email)).toBeTruthy();
    expect(screen.getByText(user.form.error.phone)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the three co-administrator permissions and no account management', () => {
    renderWithClient(<UserFormModal onClose={() => undefined} />);
    for (const id of ['certified', 'analysis', 'financial']) {
      expect(screen.getByTestId(`user-form-op-${id}`)).toBeTruthy();
    }
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(3);
  });

  it('posts the trimmed account with its permissions and closes', async () => {
    const fetchMock = mockFetch(ops);
    const onClose = vi.fn();
    renderWithClient(<UserFormModal onClose={onClose} />);
    type('user-form-username', ' ops01 ');
    type('user-form-name', 'Ops');
    type('user-form-password', 'abc123!');
    type('user-form-confirm', 'abc123!');
    type('user-form-phone', '13800138000');
    fireEvent.click(input('user-form-op-certified'));
    fireEvent.click(input('user-form-op-financial'));
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      url: '/v1/user/addteUser',
      method: 'POST',
      body: {
        Username: 'ops01',
        Password: 'abc123!',
        Name: 'Ops',
        Email: '',
        Phone: '13800138000',
        Operation: { Certified: true, Analysis: false, Financial: true },
      },
    });
  });

  it('keeps the dialog open and marks the field the server refused', async () => {
    mockFetch({ code: 11011, message: 'Account already exists' }, 400);
    const onClose = vi.fn();
    renderWithClient(<UserFormModal onClose={onClose} />);
    type('user-form-username', 'ops01');
    type('user-form-name', 'Ops');
    type('user-form-password', 'abc123');
    type('user-form-confirm', 'abc123');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('Account already exists')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('<UserFormModal> editing', () => {
  it('shows the account name read-only, asks no password and puts the changes', async () => {
    const fetchMock = mockFetch(ops);
    const onClose = vi.fn();
    renderWithClient(<UserFormModal user={ops} onClose={onClose} />);
    expect(input('user-form-username').disabled).toBe(true);
    expect(input('user-form-username').value).toBe('ops01');
    expect(screen.queryByTestId('user-form-password')).toBeNull();
    expect(input('user-form-op-certified').checked).toBe(true);
    type('user-form-name', 'Night shift');
    fireEvent.click(input('user-form-op-analysis'));
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      url: '/v1/user/update',
      method: 'PUT',
      body: {
        _id: 'u1',
        Name: 'Night shift',
        Email: '',
        Phone: '',
        Operation: { Certified: true, Analysis: true, Financial: false },
      },
    });
  });
});

describe('<ResetPasswordModal>', () => {
  it('needs a strong password typed twice, then puts it alone', async () => {
    const fetchMock = mockFetch(ops);
    const onClose = vi.fn();
    renderWithClient(<ResetPasswordModal user={ops} onClose={onClose} />);
    type('user-form-password', 'abc123');
    type('user-form-confirm', 'abc12');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText(user.form.error.confirmMismatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    type('user-form-confirm', 'abc123');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      url: '/v1/user/update',
      method: 'PUT',
      body: { _id: 'u1', Password: 'abc123' },
    });
  });
});
