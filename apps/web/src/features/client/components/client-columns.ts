import { isLocalMac, type ClientItem, type ClientSort } from '@netconsole/contract';

/**
 * Which columns of the client list fit the width there is, and what the other cells show: pure,
 * so it is tested without a browser. Key columns always show; the others join in priority order
 * while they fit, and what is left shows in the row's expansion — never a sideways scroll.
 */

export type ClientColumnKey =
  | 'client'
  | 'mac'
  | 'status'
  | 'rate'
  | 'traffic'
  | 'onlineTime'
  | 'device'
  | 'rssi'
  | 'link'
  | 'ip'
  | 'actions';

export interface ClientColumnSpec {
  key: ClientColumnKey;
  /** px, as rendered (two-line cells keep them narrow). */
  width: number;
  /** Shown at any width. */
  always?: true;
}

/** In the order they are offered the room: the key columns, then the figures the list is for. */
export const CLIENT_COLUMNS: readonly ClientColumnSpec[] = [
  // The client column takes what the others leave, at least this.
  { key: 'client', width: 120, always: true },
  { key: 'actions', width: 80, always: true },
  { key: 'status', width: 84 },
  { key: 'mac', width: 170 },
  { key: 'rate', width: 110 },
  { key: 'traffic', width: 110 },
  { key: 'onlineTime', width: 96 },
  { key: 'device', width: 130 },
  { key: 'rssi', width: 80 },
  { key: 'link', width: 190 },
  { key: 'ip', width: 120 },
];

/** The order the shown columns appear in, left to right. */
const DISPLAY_ORDER: readonly ClientColumnKey[] = [
  'client',
  'mac',
  'ip',
  'status',
  'device',
  'link',
  'rssi',
  'rate',
  'traffic',
  'onlineTime',
  'actions',
];

/** The expand button's column (antd). */
export const EXPAND_COLUMN_WIDTH = 48;

export function clientColumnSets(available: number): { shown: ClientColumnKey[]; hidden: ClientColumnKey[] } {
  let room = available - EXPAND_COLUMN_WIDTH;
  const shown = new Set<ClientColumnKey>();
  for (const c of CLIENT_COLUMNS) {
    if (c.always) {
      shown.add(c.key);
      room -= c.width;
    }
  }
  let full = false;
  for (const c of CLIENT_COLUMNS) {
    if (c.always || full) continue;
    // In priority order: once one does not fit, the rest wait too (no gaps in the priorities).
    if (c.width <= room) {
      shown.add(c.key);
      room -= c.width;
    } else full = true;
  }
  return {
    shown: DISPLAY_ORDER.filter((k) => shown.has(k)),
    hidden: DISPLAY_ORDER.filter((k) => !shown.has(k) && k !== 'actions'),
  };
}

export function widthOf(key: ClientColumnKey): number {
  return CLIENT_COLUMNS.find((c) => c.key === key)!.width;
}

/**
 * The list's order: a key that does not move between loads (the server breaks ties by row id).
 * The MAC, unique per tenant, unless the viewer sorts by another column.
 */
export const STABLE_CLIENT_SORT: ClientSort = 'MAC';

/** An empty cell everywhere in the client screens. */
export const EMPTY = '—';

export function orEmpty(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY : String(value);
}

export type ClientNameKind = 'alias' | 'name' | 'vendor' | 'private' | 'none';

/**
 * What the client column says: the tenant's alias, else the host name, else the maker of its
 * adapter (by the MAC's registered prefix), else what the MAC tells.
 */
export function clientName(c: Pick<ClientItem, 'Alias' | 'Name' | 'MAC' | 'Vendor'>): {
  kind: ClientNameKind;
  text: string;
} {
  if (c.Alias) return { kind: 'alias', text: c.Alias };
  if (c.Name) return { kind: 'name', text: c.Name };
  if (c.Vendor) return { kind: 'vendor', text: c.Vendor };
  return isLocalMac(c.MAC) ? { kind: 'private', text: '' } : { kind: 'none', text: EMPTY };
}
