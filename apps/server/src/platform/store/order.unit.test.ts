import { describe, expect, test } from 'vitest';
import { sortOrders } from './order.ts';

describe('sortOrders', () => {
  test('gives each field ascending and, with a minus, descending on its column', () => {
    const order = sortOrders({ CreateTime: 'created_at', Name: 'name_key' });
    expect(order).toEqual({
      CreateTime: { orderBy: 'created_at', direction: 'asc' },
      '-CreateTime': { orderBy: 'created_at', direction: 'desc' },
      Name: { orderBy: 'name_key', direction: 'asc' },
      '-Name': { orderBy: 'name_key', direction: 'desc' },
    });
    expect(order['Missing']).toBeUndefined();
  });
});
