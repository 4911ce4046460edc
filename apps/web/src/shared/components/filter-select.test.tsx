// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMatchMedia } from '../test/match-media.ts';
import { ALL, FilterSelect } from './filter-select.tsx';

describe('<FilterSelect>', () => {
  beforeAll(() => {
    stubMatchMedia();
    // jsdom has no ResizeObserver either; antd's open list watches its size with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(cleanup);
  afterAll(() => vi.unstubAllGlobals());

  it('names the field and its options by the scope, and emits the value chosen', async () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        scope="device"
        name="status"
        label="Status"
        value={ALL}
        onChange={onChange}
        options={[
          { value: ALL, label: 'All statuses' },
          { value: 2, label: 'Offline' },
        ]}
      />,
    );
    expect(screen.getByTestId('device-filter-status')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    expect(await screen.findByTestId('device-status-option-all')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('device-status-option-2'));
    expect(onChange).toHaveBeenCalledWith(2, expect.anything());
  });
});
