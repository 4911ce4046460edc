// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '#shared/reduced-motion.ts';
import { LazyChart } from './lazy-chart.tsx';

const drawn: unknown[] = [];
// ECharts itself needs a canvas, which jsdom lacks: its init stands in, recording what is drawn.
vi.mock('./echarts.ts', () => ({
  init: () => ({
    setOption: (option: unknown) => drawn.push(option),
    resize: () => undefined,
    dispose: () => undefined,
  }),
}));

function systemMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: query === REDUCED_MOTION_QUERY && reduce,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

beforeEach(() => {
  drawn.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'matchMedia');
});

const option = { series: [{ type: 'line', data: [1, 2, 3] }] };

describe('LazyChart and the reduced-motion setting', () => {
  it('draws without animation when the system asks for reduced motion', async () => {
    systemMotion(true);
    const { getByTestId } = render(<LazyChart option={option} data-testid="c" />);
    await waitFor(() => expect(getByTestId('c').dataset.rendered).toBe('1'));
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]).toEqual({ ...option, animation: false });
  });

  it('draws the option as given otherwise', async () => {
    systemMotion(false);
    const { getByTestId } = render(<LazyChart option={option} data-testid="c" />);
    await waitFor(() => expect(getByTestId('c').dataset.rendered).toBe('1'));
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]).toBe(option);
  });
});
