import { describe, expect, it } from 'vitest';
import { bilingual, digestLines, digestSubject, limitNote, maskRecipient, type Change } from './digest.ts';

const at = Date.UTC(2026, 10, 21, 8, 0, 5);
const change = (n: number, over: Partial<Change> = {}): Change => ({
  event: 'raised',
  alarmId: `a${n}`,
  networkName: 'Head office',
  deviceName: `AP-${n}`,
  sn: `SN${n}`,
  type: 1,
  level: 3,
  text: { en: 'Device offline', zh: '设备离线' },
  behind: 0,
  at,
  ...over,
});

describe('digest words', () => {
  it('counts raised and cleared alarms in both languages', () => {
    const one = [change(1)];
    const mixed = [change(1), change(2), change(3, { event: 'cleared' })];
    const cleared = [change(1, { event: 'cleared' }), change(2, { event: 'cleared' })];
    expect(digestSubject(one, 'en')).toBe('1 alarm in network Head office');
    expect(digestSubject(mixed, 'en')).toBe('2 alarms, 1 cleared in network Head office');
    expect(digestSubject(cleared, 'en')).toBe('2 alarms cleared in network Head office');
    expect(digestSubject(mixed, 'zh')).toBe('网络 Head office 有 2 条告警，1 条已恢复');
    expect(digestSubject([change(1, { networkName: null })], 'en')).toBe('1 alarm in network (no network)');
  });

  it('spells out at most the limit of lines, with level, time, device and devices behind', () => {
    const lines = digestLines(
      [change(1, { behind: 12 }), change(2, { event: 'cleared', deviceName: null }), change(3)],
      'en',
      2,
    );
    expect(lines).toEqual([
      '[Severe] 2026-11-21 08:00:05 UTC AP-1 (SN1): Device offline (+12 devices behind it)',
      '[Cleared] 2026-11-21 08:00:05 UTC SN2: Device offline',
      '… and 1 more',
    ]);
    expect(digestLines([change(1, { level: 1 })], 'zh')).toEqual([
      '[一般] 2026-11-21 08:00:05 UTC AP-1 (SN1): 设备离线',
    ]);
  });

  it('writes mail in English then Chinese, and a note for the hourly limit', () => {
    const mail = bilingual([change(1)]);
    expect(mail.subject).toBe('1 alarm in network Head office / 网络 Head office 有 1 条告警');
    expect(mail.text.indexOf('Device offline')).toBeLessThan(mail.text.indexOf('设备离线'));
    expect(limitNote('Shop').subject).toBe('More alarms in network Shop / 网络 Shop 有更多告警');
  });

  it('masks e-mail addresses and phones, cuts tokens, names webhooks', () => {
    expect(maskRecipient('mail', 'boss@alfa.example', '')).toBe('b***@alfa.example');
    expect(maskRecipient('sms', '13712345678', '')).toBe('137****5678');
    expect(maskRecipient('wechat', 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', 'WeChat')).toBe('WeChat (oUpF8u…)');
    expect(maskRecipient('webhook', 'https://h.example/secret-path', 'Ops')).toBe('Ops');
  });
});
