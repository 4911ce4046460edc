import { describe, expect, it } from 'vitest';
import { TENANT_USER_SORTS } from '@netconsole/contract';
import { DEFAULT_SORT, fromServerSort, sortOrderOf, toServerSort } from './user-list-sort.ts';

describe('toServerSort', () => {
  it('maps a column and its order to the server key, "-" for descending', () => {
    expect(toServerSort('Username', 'ascend')).toBe('Username');
    expect(toServerSort('Username', 'descend')).toBe('-Username');
    expect(toServerSort('Name', 'ascend')).toBe('Name');
    expect(toServerSort('Name', 'descend')).toBe('-Name');
    expect(toServerSort('CreateTime', 'ascend')).toBe('CreateTime');
    expect(toServerSort('CreateTime', 'descend')).toBe('-CreateTime');
  });

  it('falls back to newest first when the sort is cleared', () => {
    expect(DEFAULT_SORT).toBe('-CreateTime');
    expect(toServerSort('Username', null)).toBe(DEFAULT_SORT);
    expect(toServerSort('Username', undefined)).toBe(DEFAULT_SORT);
    expect(toServerSort(undefined, undefined)).toBe(DEFAULT_SORT);
  });

  it('never sends a column the server cannot sort by', () => {
    expect(toServerSort('LastLogin', 'ascend')).toBe(DEFAULT_SORT);
    expect(toServerSort('Email', 'descend')).toBe(DEFAULT_SORT);
    expect(toServerSort(3, 'ascend')).toBe(DEFAULT_SORT);
  });

  it('only produces keys of the contract', () => {
    for (const field of ['CreateTime', 'Username', 'Name', 'Phone', undefined]) {
      for (const order of ['ascend', 'descend', null] as const) {
        expect(TENANT_USER_SORTS).toContain(toServerSort(field, order));
      }
    }
  });
});

describe('fromServerSort / sortOrderOf', () => {
  it('round-trips every server key', () => {
    for (const sort of TENANT_USER_SORTS) {
      const { field, order } = fromServerSort(sort);
      expect(toServerSort(field, order)).toBe(sort);
    }
  });

  it('puts the arrow on the sorted column only', () => {
    expect(sortOrderOf('-CreateTime', 'CreateTime')).toBe('descend');
    expect(sortOrderOf('-CreateTime', 'Username')).toBeNull();
    expect(sortOrderOf('Name', 'Name')).toBe('ascend');
    expect(sortOrderOf('Name', 'CreateTime')).toBeNull();
  });
});
