import { describe, expect, it } from 'vitest';
import type { CommandItem, DeviceItem, ListReply, LiveDeviceData } from '@netconsole/contract';
import { isOpen, patchDeviceList, trackedOf, withReport } from './live-rows.ts';

const row = (id: string, over: Partial<DeviceItem> = {}): DeviceItem =>
  ({
    _id: id,
    SN: `SN${id}`,
    Alias: `a${id}`,
    Online: true,
    Status: 'Online',
    IP: '10.0.0.1',
    ...over,
  }) as DeviceItem;
const reply = (...list: DeviceItem[]): ListReply<DeviceItem> => ({
  list,
  count: list.length,
  limit: 10,
  page: 1,
  sort: '-CreateTime',
});

describe('patchDeviceList', () => {
  it('takes the fields of the message into its row and leaves the others alone', () => {
    const before = reply(row('1'), row('2'));
    const data = {
      Event: 'status',
      _id: '1',
      SN: 'SN1',
      Status: 'Offline',
      Online: false,
      IP: null,
    } as LiveDeviceData;
    const after = patchDeviceList(before, data)!;
    expect(after.list[0]).toMatchObject({
      _id: '1',
      Alias: 'a1',
      Status: 'Offline',
      Online: false,
      IP: null,
    });
    expect(after.list[0]).not.toHaveProperty('Event');
    expect(after.list[1]).toBe(before.list[1]);
  });

  it('returns the same list when the device is not on it', () => {
    const before = reply(row('1'));
    expect(patchDeviceList(before, { Event: 'metrics', _id: '9', SN: 'X' } as LiveDeviceData)).toBe(before);
    expect(
      patchDeviceList(undefined, { Event: 'metrics', _id: '9', SN: 'X' } as LiveDeviceData),
    ).toBeUndefined();
  });
});

describe('tracked commands', () => {
  it('follow the reports of their own command until one ends it', () => {
    const sent = trackedOf('reboot', 'AP 1', 'c1', 'sent');
    expect(isOpen(sent)).toBe(true);
    const other = withReport(sent, { _id: 'c2', Status: 'succeeded' } as CommandItem);
    expect(other).toBe(sent);
    const done = withReport(sent, { _id: 'c1', Status: 'failed', Code: 'busy', Detail: null } as CommandItem);
    expect(done).toMatchObject({ status: 'failed', code: 'busy' });
    expect(isOpen(done)).toBe(false);
    expect(isOpen(trackedOf('reset', 'AP 1', 'c3', 'failed'))).toBe(false);
    expect(trackedOf('reset', 'AP 1', 'c4', 'held').status).toBe('held');
  });
});
