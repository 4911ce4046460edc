// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

let go: (path: string) => void = () => undefined;
let broken = false;
let mounts = 0;

function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = navigate;
  }, [navigate]);
  return null;
}

function Screen() {
  useState(() => mounts++);
  if (broken) throw new Error('chunk failed');
  return <p>screen</p>;
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/a']}>
      <Navigator />
      <RouteErrorBoundary>
        <Screen />
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, showSupportNotice: false });
});
afterEach(() => {
  cleanup();
  broken = false;
  mounts = 0;
});

describe('<RouteErrorBoundary>', () => {
  it('shows a failing screen’s error, and clears it on the next navigation', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    renderApp();
    expect(screen.getByText('chunk failed')).toBeTruthy();
    broken = false;
    act(() => go('/b'));
    expect(screen.getByText('screen')).toBeTruthy();
  });

  it('keeps healthy screens mounted across navigations', () => {
    renderApp();
    act(() => go('/b'));
    act(() => go('/c'));
    expect(mounts).toBe(1);
  });
});
