import { describe, expect, it } from 'vitest';
import {
  COMMAND_KINDS,
  DOWN_KINDS,
  SERVER_SUBSCRIPTION,
  UP_KINDS,
  UP_QOS,
  deviceSubscription,
  downTopic,
  isCommandKind,
  isDeviceSn,
  parseTopic,
  splitTopic,
  upTopic,
} from './topics.ts';

const SN = 'AP2024000001';

describe('topic helpers', () => {
  it('build the topics of a device', () => {
    expect(upTopic(SN, 'stats')).toBe('dev/AP2024000001/up/stats');
    expect(downTopic(SN, 'kick_client')).toBe('dev/AP2024000001/down/kick_client');
    expect(deviceSubscription(SN)).toBe('dev/AP2024000001/down/+');
    expect(SERVER_SUBSCRIPTION).toBe('dev/+/up/+');
  });

  it('refuse to build a topic for an invalid SN', () => {
    expect(() => upTopic('ap2024000001', 'stats')).toThrow(RangeError);
    expect(() => downTopic('AP/1234567', 'reboot')).toThrow(RangeError);
    expect(() => deviceSubscription('+')).toThrow(RangeError);
  });

  it('round-trip every kind', () => {
    for (const kind of UP_KINDS)
      expect(parseTopic(upTopic(SN, kind))).toEqual({ sn: SN, direction: 'up', kind });
    for (const kind of DOWN_KINDS) {
      expect(parseTopic(downTopic(SN, kind))).toEqual({ sn: SN, direction: 'down', kind });
    }
  });

  it('give every up kind a QoS and tell commands from the welcome notice', () => {
    expect(Object.keys(UP_QOS).sort()).toEqual([...UP_KINDS].sort());
    expect(UP_QOS.stats).toBe(0);
    expect(UP_QOS.acks).toBe(1);
    expect(isCommandKind('welcome')).toBe(false);
    for (const kind of COMMAND_KINDS) expect(isCommandKind(kind)).toBe(true);
    expect(isCommandKind('hello')).toBe(false);
  });
});

describe('SN charset', () => {
  it.each(['ABCDEFGH', 'AP2024000001', 'A'.repeat(32), '12345678'])('accepts %s', (sn) => {
    expect(isDeviceSn(sn)).toBe(true);
  });
  it.each([
    '',
    'ABCDEFG',
    'A'.repeat(33),
    'ap2024000001',
    'AP-2024-0001',
    'AP 2024000001',
    'AP2024000001\n',
    'ÄP2024000001',
  ])('refuses %j', (sn) => {
    expect(isDeviceSn(sn)).toBe(false);
  });
});

describe('parseTopic', () => {
  it.each([
    ['wrong root', 'device/AP2024000001/up/stats'],
    ['upper-case root', 'DEV/AP2024000001/up/stats'],
    ['leading slash', '/dev/AP2024000001/up/stats'],
    ['trailing slash', 'dev/AP2024000001/up/stats/'],
    ['extra level', 'dev/AP2024000001/up/stats/more'],
    ['missing kind', 'dev/AP2024000001/up'],
    ['empty kind', 'dev/AP2024000001/up/'],
    ['bad direction', 'dev/AP2024000001/sideways/stats'],
    ['upper-case direction', 'dev/AP2024000001/UP/stats'],
    ['lower-case SN', 'dev/ap2024000001/up/stats'],
    ['short SN', 'dev/AP20240/up/stats'],
    ['wildcard SN', 'dev/+/up/stats'],
    ['multi-level wildcard', 'dev/AP2024000001/up/#'],
    ['wildcard kind', 'dev/AP2024000001/up/+'],
    ['upper-case kind', 'dev/AP2024000001/up/Stats'],
    ['shared subscription prefix', '$share/g/dev/AP2024000001/up/stats'],
    ['empty', ''],
  ])('returns null for %s', (_label, topic) => {
    expect(parseTopic(topic)).toBeNull();
    expect(splitTopic(topic)).toBeNull();
  });

  it('returns null for a kind of the other direction', () => {
    expect(parseTopic('dev/AP2024000001/up/reboot')).toBeNull();
    expect(parseTopic('dev/AP2024000001/down/stats')).toBeNull();
  });

  it('returns null for an unknown kind, which splitTopic still reports for counting', () => {
    expect(parseTopic('dev/AP2024000001/up/weather')).toBeNull();
    expect(splitTopic('dev/AP2024000001/up/weather')).toEqual({
      sn: 'AP2024000001',
      direction: 'up',
      kind: 'weather',
    });
  });
});
