import { describe, expect, it } from 'vitest';
import type { AlarmItem } from '@netconsole/contract';
import { node } from './topology-fixture.ts';
import { alarmColor, alarmedNodes, alarmsBySn, ALARM_LEVEL_COLORS } from './topology-alarms.ts';

/** An open alarm of a device, as GET /v1/alarm/list returns it. */
function alarm(sn: string | null, level: number, en: string, extra: Partial<AlarmItem> = {}): AlarmItem {
  return {
    _id: `a-${sn}-${en}-${level}`,
    Type: 1,
    Name: { en, zh: `${en}（中）` },
    Level: level,
    Network: 'n1',
    NetworkName: 'Net',
    Device: sn ? `id-${sn}` : null,
    SN: sn,
    DeviceName: sn,
    Subject: '',
    Text: { en, zh: en },
    Status: 'open',
    Handle: 0,
    HandledBy: null,
    HandledByName: null,
    HandleTime: null,
    RaisedAt: 1,
    ClearedAt: null,
    Behind: 0,
    Repeats: 0,
    ...extra,
  };
}

describe('alarmsBySn', () => {
  it('counts each device’s open alarms, keeps the worst level and each name once', () => {
    const by = alarmsBySn([
      alarm('SNA1', 1, 'CPU usage'),
      alarm('SNA1', 3, 'Device offline'),
      alarm('SNA1', 2, 'CPU usage', { Subject: 'core 2' }),
      alarm('SNS', 2, 'Port down'),
    ]);
    expect(by.get('SNA1')).toEqual({
      count: 3,
      worst: 3,
      names: [
        { en: 'CPU usage', zh: 'CPU usage（中）' },
        { en: 'Device offline', zh: 'Device offline（中）' },
      ],
    });
    expect(by.get('SNS')).toMatchObject({ count: 1, worst: 2 });
  });

  it('leaves out cleared alarms and a network’s own (no device)', () => {
    const by = alarmsBySn([
      alarm('SNA1', 3, 'Device offline', { Status: 'cleared', ClearedAt: 2 }),
      alarm(null, 3, 'All devices offline'),
    ]);
    expect(by.size).toBe(0);
  });
});

describe('alarmedNodes', () => {
  const tree = node('R', 0, [node('S', 1, [node('A1', 2), node('A2', 2)]), node('X', 1, [], { SN: null })]);

  it('finds the tree’s nodes with open alarms, breadth first', () => {
    const by = alarmsBySn([alarm('SNA2', 1, 'Loop'), alarm('SNS', 2, 'Port down'), alarm('SNother', 3, 'x')]);
    expect(alarmedNodes(tree, by).map((a) => [a.node.MAC, a.alarms.count])).toEqual([
      ['S', 1],
      ['A2', 1],
    ]);
  });

  it('marks a device drawn twice once, and nothing without alarms', () => {
    const twice = node('R', 0, [node('A1', 1), node('S', 1, [node('A1', 2)])]);
    expect(alarmedNodes(twice, alarmsBySn([alarm('SNA1', 2, 'Loop')]))).toHaveLength(1);
    expect(alarmedNodes(tree, undefined)).toEqual([]);
    expect(alarmedNodes(tree, new Map())).toEqual([]);
  });

  it('colours by the worst level, severe when the level is unknown', () => {
    expect(alarmColor(1)).toBe(ALARM_LEVEL_COLORS[1]);
    expect(alarmColor(2)).toBe(ALARM_LEVEL_COLORS[2]);
    expect(alarmColor(9)).toBe(ALARM_LEVEL_COLORS[3]);
    expect(new Set(Object.values(ALARM_LEVEL_COLORS)).size).toBe(3);
  });
});
