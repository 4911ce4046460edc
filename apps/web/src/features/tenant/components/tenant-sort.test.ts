import { describe, expect, it } from 'vitest';
import { TENANT_SORTS } from '@netconsole/contract';
import { DEFAULT_TENANT_SORT, tenantSorts } from './tenant-sort.ts';

describe('tenant list sorting', () => {
  it('maps the sortable columns to the server keys, and anything else to newest first', () => {
    expect(tenantSorts.toServer('Name', 'ascend')).toBe('Name');
    expect(tenantSorts.toServer('ServiceEnd', 'descend')).toBe('-ServiceEnd');
    expect(tenantSorts.toServer('Name', null)).toBe(DEFAULT_TENANT_SORT);
    expect(tenantSorts.toServer('Phone', 'ascend')).toBe(DEFAULT_TENANT_SORT);
  });

  it('shows the arrow on the sorted column only', () => {
    expect(tenantSorts.orderOf('-ServiceEnd', 'ServiceEnd')).toBe('descend');
    expect(tenantSorts.orderOf('-ServiceEnd', 'Name')).toBeNull();
    expect(tenantSorts.fromServer('Name')).toEqual({ field: 'Name', order: 'ascend' });
  });

  it('only produces keys of the contract', () => {
    for (const field of ['CreateTime', 'Name', 'ServiceEnd', 'Email', undefined]) {
      for (const order of ['ascend', 'descend', null] as const) {
        expect(TENANT_SORTS).toContain(tenantSorts.toServer(field, order));
      }
    }
  });
});
