// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { ErrorCode, errorText, type CustomAlarm, type LimitAlarm } from '@netconsole/contract';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import settings from '../locales/settings/en.json';
import { CustomAlarmModal } from './custom-alarm-modal.tsx';
import { LimitAlarmModal } from './limit-alarm-modal.tsx';

// The two dialogs share their form (alarm-form-modal.tsx): these tests hold each one's calls.

const pushed = { Enable: true, Level: 2, Push: ['mail' as const], Phone: [], Email: ['ops@example.com'] };

const custom: CustomAlarm = {
  _id: 'c1',
  Network: 'n1',
  Code: 1001,
  Name: 'Hot CPU',
  Description: 'busy',
  Metric: 'cpu',
  Compare: 'gt',
  Threshold: 80,
  Unit: '%',
  DeviceType: 0,
  Limit: 300,
  ...pushed,
  CreateTime: 1_700_000_000_000,
};

const limit: LimitAlarm = {
  _id: 'l1',
  Network: 'n1',
  NetworkName: 'HQ',
  Code: 2001,
  Name: 'Crowded',
  Description: '',
  Metric: 'clients',
  Max: 500,
  Unit: '',
  Limit: 0,
  ...pushed,
  Current: null,
  CreateTime: 1_700_000_000_000,
};

function renderWithClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function mockFetch(reply: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(reply), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof mockFetch>): { url: string; body: Record<string, unknown> } {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
}

beforeAll(async () => {
  stubMatchMedia();
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { 'alarm-settings': settings } }, defaultNS: 'alarm-settings' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<CustomAlarmModal>', () => {
  it('refuses an empty new alarm on its fields by the contract and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderWithClient(<CustomAlarmModal networkId="n1" alarm={null} onClose={() => undefined} />);
    expect(screen.getByText(settings.custom.formTitleNew)).toBeTruthy();
    fireEvent.click(screen.getByTestId('custom-submit'));
    const name = await screen.findByTestId('custom-error-Name');
    expect(name.textContent).toBe(errorText(ErrorCode.AlarmNameRequired, 'en'));
    expect(screen.getByTestId('custom-error-Threshold')).toBeTruthy();
    expect(screen.getByTestId('custom-error-Level').textContent).toBe(
      errorText(ErrorCode.AlarmLevelRequired, 'en'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // A field's refusal goes as it is changed; the others stay.
    type('custom-name', 'Hot');
    await waitFor(() => expect(screen.queryByTestId('custom-error-Name')).toBeNull());
    expect(screen.getByTestId('custom-error-Threshold')).toBeTruthy();
  });

  it('changes a saved alarm by its _id and closes with the trimmed name', async () => {
    const fetchMock = mockFetch({ list: custom });
    const onClose = vi.fn();
    renderWithClient(<CustomAlarmModal networkId="n1" alarm={custom} onClose={onClose} />);
    expect(screen.getByText(settings.custom.formTitleEdit)).toBeTruthy();
    type('custom-name', ' Very hot CPU ');
    type('custom-threshold', '90');
    fireEvent.click(screen.getByTestId('custom-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Very hot CPU'));
    expect(sent(fetchMock)).toEqual({
      url: '/v1/alarm/changeCustomAlarm',
      body: {
        _id: 'c1',
        Network: 'n1',
        Limit: 300,
        Name: ' Very hot CPU ',
        Description: 'busy',
        Metric: 'cpu',
        Compare: 'gt',
        Threshold: '90',
        DeviceType: 0,
        ...pushed,
      },
    });
  });
});

describe('<LimitAlarmModal>', () => {
  it('adds a new alarm, switched off, with no level or recipients', async () => {
    const fetchMock = mockFetch({ list: limit });
    const onClose = vi.fn();
    renderWithClient(<LimitAlarmModal networkId="n1" alarm={null} onClose={onClose} />);
    type('limit-name', 'Crowded');
    type('limit-max', '500');
    fireEvent.click(screen.getByTestId('limit-enable'));
    fireEvent.click(screen.getByTestId('limit-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Crowded'));
    expect(sent(fetchMock)).toEqual({
      url: '/v1/limitalarm/add',
      body: {
        Network: 'n1',
        Limit: 0,
        Name: 'Crowded',
        Description: '',
        Metric: 'clients',
        Max: '500',
        Enable: false,
        Level: null,
        Push: [],
        Phone: [],
        Email: [],
      },
    });
  });

  it('updates a saved alarm (not removing it) and keeps the server refusal on its field', async () => {
    const fetchMock = mockFetch(
      { code: 16032, message: 'Out of range', details: [{ path: 'Max', message: 'out of range' }] },
      400,
    );
    const onClose = vi.fn();
    renderWithClient(<LimitAlarmModal networkId="n1" alarm={limit} onClose={onClose} />);
    type('limit-max', '600');
    fireEvent.click(screen.getByTestId('limit-submit'));
    expect((await screen.findByTestId('limit-error-Max')).textContent).toBe('Out of range');
    expect(onClose).not.toHaveBeenCalled();
    const { url, body } = sent(fetchMock);
    expect(url).toBe('/v1/limitalarm/update');
    expect(body).toMatchObject({ _id: 'l1', Remove: false, Max: '600', Name: 'Crowded', ...pushed });
  });
});
