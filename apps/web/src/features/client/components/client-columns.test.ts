import { describe, expect, it } from 'vitest';
import { isLocalMac } from '@netconsole/contract';
import {
  CLIENT_COLUMNS,
  EMPTY,
  EXPAND_COLUMN_WIDTH,
  STABLE_CLIENT_SORT,
  clientColumnSets,
  clientName,
  orEmpty,
  widthOf,
} from './client-columns.ts';

const total = (keys: readonly string[]) =>
  EXPAND_COLUMN_WIDTH + keys.reduce((sum, k) => sum + widthOf(k as never), 0);

describe('clientColumnSets', () => {
  it('fits the 1366×800 pane (≈1,000 px): device, rate, traffic and online time shown, no wider than the room', () => {
    const { shown, hidden } = clientColumnSets(1004);
    expect(shown).toEqual(
      expect.arrayContaining([
        'client',
        'mac',
        'status',
        'device',
        'rate',
        'traffic',
        'onlineTime',
        'actions',
      ]),
    );
    expect(total(shown)).toBeLessThanOrEqual(1004);
    // Everything else is in the row's expansion.
    expect([...shown, ...hidden].sort()).toEqual(CLIENT_COLUMNS.map((c) => c.key).sort());
  });

  it('keeps the key columns at a phone’s width (≈250 px of table) and puts the rest in the expansion', () => {
    const { shown, hidden } = clientColumnSets(250);
    expect(shown).toEqual(['client', 'actions']);
    expect(hidden).toContain('status');
    expect(hidden).toContain('mac');
    expect(hidden).toContain('rate');
  });

  it('shows every column when there is room, in reading order', () => {
    const { shown, hidden } = clientColumnSets(5000);
    expect(hidden).toEqual([]);
    expect(shown[0]).toBe('client');
    expect(shown.at(-1)).toBe('actions');
  });
});

describe('cells', () => {
  it('sorts by a key that does not change between loads', () => {
    expect(STABLE_CLIENT_SORT).toBe('MAC');
  });

  it('never leaves a cell blank', () => {
    expect(orEmpty(null)).toBe(EMPTY);
    expect(orEmpty('')).toBe(EMPTY);
    expect(orEmpty(undefined)).toBe(EMPTY);
    expect(orEmpty(0)).toBe('0');
    expect(orEmpty('10.0.0.2')).toBe('10.0.0.2');
  });

  it('names a client by alias, host name, or what its MAC tells', () => {
    expect(clientName({ Alias: 'Front desk', Name: 'pc1', MAC: 'A4C3F0112233', Vendor: 'Intel' })).toEqual({
      kind: 'alias',
      text: 'Front desk',
    });
    expect(clientName({ Alias: '', Name: 'pc1', MAC: 'A4C3F0112233', Vendor: 'Intel' })).toEqual({
      kind: 'name',
      text: 'pc1',
    });
    expect(clientName({ Alias: '', Name: '', MAC: 'A4C3F0112233', Vendor: 'Intel Corporate' })).toEqual({
      kind: 'vendor',
      text: 'Intel Corporate',
    });
    expect(clientName({ Alias: '', Name: '', MAC: '3A:11:22:33:44:55', Vendor: null }).kind).toBe('private');
    expect(clientName({ Alias: '', Name: '', MAC: 'A4C3F0112233', Vendor: null })).toEqual({
      kind: 'none',
      text: EMPTY,
    });
    expect(isLocalMac('DA1122334455')).toBe(true);
    expect(isLocalMac('00E04C112233')).toBe(false);
  });
});
