import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD, type ConfigVersionBody } from '@netconsole/contract';
import { buildDiff, changeCount, onlyChanges, type DiffSection } from './config-diff-lines.ts';

const office: ConfigVersionBody['Groups'][number] = {
  Name: 'Office',
  SSID: 'Office',
  Bands: ['2.4', '5'],
  Encryption: 'wpa2',
  Key: 'correct-horse-42',
  KeyUpdateInterval: 3600,
  Hidden: false,
  MaxClients: 64,
  Bandwidth: null,
  Roaming: false,
  VLAN: 10,
  Portal: false,
  RSSI: null,
  Isolation: false,
  Schedule: [],
};

function body(extra: Partial<ConfigVersionBody> = {}): ConfigVersionBody {
  return {
    Name: 'Head office',
    Description: '',
    Type: 2,
    Source: 'settings',
    CycleTime: 30,
    IPMode: 'dhcp',
    IP: null,
    NetMask: null,
    GateWay: null,
    DNS1: null,
    DNS2: null,
    Radios: [],
    Groups: [office],
    Ports: [],
    Pppoe: null,
    Lan: null,
    Admin: { Username: 'admin', PasswordSet: true, PasswordSince: 1 },
    Upload: { ...DEFAULT_UPLOAD },
    File: null,
    ...extra,
  };
}

const find = (sections: DiffSection[], key: string) => sections.find((s) => s.key === key)!;
const o = { lang: 'en' as const };

describe('buildDiff', () => {
  it('aligns equal versions line by line, all the same', () => {
    const d = buildDiff(body(), body(), o);
    expect(d.map((s) => s.key)).toEqual(['basics', 'ip', 'group:Office', 'admin', 'upload']);
    expect(d.every((s) => s.status === 'same')).toBe(true);
    expect(changeCount(d)).toBe(0);
    expect(onlyChanges(d)).toEqual([]);
    expect(find(d, 'basics').lines.find((l) => l.field === 'CycleTime')?.left).toEqual({
      kind: 'text',
      text: '30 s',
    });
  });

  it('marks a changed field, and keeps only it with onlyChanges', () => {
    const d = buildDiff(body(), body({ CycleTime: 60, Groups: [{ ...office, VLAN: 20 }] }), o);
    const vlan = find(d, 'group:Office').lines.find((l) => l.field === 'Group.VLAN')!;
    expect(vlan).toEqual({
      field: 'Group.VLAN',
      left: { kind: 'text', text: '10' },
      right: { kind: 'text', text: '20' },
      status: 'changed',
    });
    expect(find(d, 'group:Office').status).toBe('changed');
    expect(changeCount(d)).toBe(2);
    const only = onlyChanges(d);
    expect(only.map((s) => [s.key, s.lines.map((l) => l.field)])).toEqual([
      ['basics', ['CycleTime']],
      ['group:Office', ['Group.VLAN']],
    ]);
  });

  it('matches groups by SSID and ports by number: added and removed items are whole sections', () => {
    const guest = { ...office, Name: 'Guest', SSID: 'Guest', Encryption: 'open' as const, Key: null };
    const d = buildDiff(body(), body({ Groups: [guest] }), o);
    expect(find(d, 'group:Office')).toMatchObject({ status: 'removed' });
    expect(find(d, 'group:Office').lines.every((l) => l.right === null && l.status === 'removed')).toBe(true);
    expect(find(d, 'group:Guest')).toMatchObject({ status: 'added' });
    expect(find(d, 'group:Guest').lines.every((l) => l.left === null && l.status === 'added')).toBe(true);
    // One group gone and one new: two differences, not a line count.
    expect(changeCount(d)).toBe(2);

    const port = (n: number, pvid = 1): ConfigVersionBody['Ports'][number] => ({
      Port: n,
      Enabled: true,
      Description: '',
      Speed: 'auto',
      Duplex: 'auto',
      PVID: pvid,
      TaggedVlans: [],
      Poe: { Enabled: true, Priority: 'low', MaxW: null },
    });
    const s = buildDiff(body({ Ports: [port(10), port(2)] }), body({ Ports: [port(2, 5), port(1)] }), o);
    expect(s.filter((x) => x.kind === 'port').map((x) => [x.name, x.status])).toEqual([
      ['1', 'added'],
      ['2', 'changed'],
      ['10', 'removed'],
    ]);
  });

  it('shows secrets only as set, and a password changed when its PasswordSince differs', () => {
    const same = buildDiff(body(), body(), o);
    const pw = find(same, 'admin').lines.find((l) => l.field === 'Password')!;
    expect(pw).toMatchObject({ left: { kind: 'secret', set: true }, status: 'same' });
    const changed = buildDiff(
      body(),
      body({ Admin: { Username: 'admin', PasswordSet: true, PasswordSince: 3 } }),
      o,
    );
    expect(find(changed, 'admin').lines.find((l) => l.field === 'Password')?.status).toBe('changed');
    // A new wireless key is a change; the key itself is never a value shown.
    const key = buildDiff(body(), body({ Groups: [{ ...office, Key: 'another-key-99' }] }), o);
    const line = find(key, 'group:Office').lines.find((l) => l.field === 'Group.Key')!;
    expect(line).toEqual({
      field: 'Group.Key',
      left: { kind: 'secret', set: true },
      right: { kind: 'secret', set: true },
      status: 'changed',
    });
    expect(JSON.stringify(key)).not.toContain('correct-horse-42');
  });

  it('words labels in the chosen language and an optional section appearing as added', () => {
    const d = buildDiff(
      body(),
      body({ Lan: null, Pppoe: { Username: 'isp', PasswordSet: true, PasswordSince: 2 } }),
      {
        lang: 'zh',
      },
    );
    expect(find(d, 'pppoe').status).toBe('added');
    expect(find(d, 'ip').lines[0]!.left).toEqual({ kind: 'text', text: 'DHCP' });
    expect(find(d, 'group:Office').lines.find((l) => l.field === 'Group.Encryption')?.left).toEqual({
      kind: 'text',
      text: 'WPA2-PSK',
    });
    const schedule = buildDiff(
      body(),
      body({ Groups: [{ ...office, Schedule: [{ Days: [1], Start: '08:00', End: '18:00' }] }] }),
      { lang: 'en', schedule: () => 'Mon 08:00–18:00' },
    );
    const line = find(schedule, 'group:Office').lines.find((l) => l.field === 'Group.Schedule')!;
    expect([line.left, line.right, line.status]).toEqual([
      { kind: 'word', word: 'always' },
      { kind: 'text', text: 'Mon 08:00–18:00' },
      'changed',
    ]);
  });
});
