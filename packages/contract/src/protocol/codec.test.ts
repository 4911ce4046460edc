import { describe, expect, it } from 'vitest';
import {
  DROP_REASONS,
  PayloadTooLargeError,
  decodeDown,
  decodeUp,
  encodeMessage,
  payloadBytes,
} from './codec.ts';
import { PROTOCOL_LIMITS } from './constants.ts';
import { EXAMPLES } from './examples.ts';

const stats = EXAMPLES.find((e) => e.name === 'stats of an access point')!;
const reboot = EXAMPLES.find((e) => e.name === 'reboot command')!;

describe('decodeUp', () => {
  it('decodes a valid message from text or bytes', () => {
    const text = JSON.stringify(stats.message);
    for (const payload of [text, new TextEncoder().encode(text)]) {
      const r = decodeUp(stats.topic, payload);
      expect(r.ok).toBe(true);
      if (r.ok && r.kind === 'stats') {
        expect(r.sn).toBe('AP2024000001');
        expect(r.message.uptimeS).toBe(52);
      }
    }
  });

  it.each([
    ['topic', 'dev/ap/up/stats', '{}'],
    ['direction', 'dev/AP2024000001/down/reboot', '{}'],
    ['unknown_kind', 'dev/AP2024000001/up/weather', '{}'],
    ['not_json', 'dev/AP2024000001/up/stats', '{"v":1,'],
    ['version', 'dev/AP2024000001/up/stats', '{"v":2,"ts":1,"seq":1}'],
    ['invalid', 'dev/AP2024000001/up/stats', '{"v":1,"ts":1,"seq":1}'],
    ['invalid', 'dev/AP2024000001/up/stats', '[]'],
  ])('drops with reason %s', (reason, topic, payload) => {
    const r = decodeUp(topic, payload);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe(reason);
    expect(DROP_REASONS).toContain(reason);
  });

  it('tells the SN and kind of a dropped message when the topic was understood', () => {
    const r = decodeUp('dev/AP2024000001/up/weather', '{}');
    expect(r).toMatchObject({ ok: false, reason: 'unknown_kind', sn: 'AP2024000001', kind: 'weather' });
    const invalid = decodeUp(stats.topic, '{"v":1}');
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.issues?.length).toBeGreaterThan(0);
  });

  it('drops payloads over the size limit before parsing them', () => {
    const big = JSON.stringify({ ...stats.message, pad: 'x'.repeat(PROTOCOL_LIMITS.maxPayloadBytes) });
    expect(decodeUp(stats.topic, big)).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('counts bytes as UTF-8', () => {
    expect(payloadBytes('é')).toBe(2);
    expect(payloadBytes(new Uint8Array(3))).toBe(3);
  });

  it('drops invalid UTF-8 as not JSON', () => {
    expect(decodeUp(stats.topic, new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ reason: 'not_json' });
  });
});

describe('decodeDown', () => {
  it('decodes a command and refuses up topics', () => {
    const r = decodeDown(reboot.topic, JSON.stringify(reboot.message));
    expect(r).toMatchObject({ ok: true, kind: 'reboot' });
    expect(decodeDown(stats.topic, JSON.stringify(stats.message))).toMatchObject({ reason: 'direction' });
  });
});

describe('encodeMessage', () => {
  it('returns compact JSON and refuses oversized messages', () => {
    expect(encodeMessage(reboot.message)).toBe(JSON.stringify(reboot.message));
    expect(() => encodeMessage({ pad: 'x'.repeat(PROTOCOL_LIMITS.maxPayloadBytes) })).toThrow(
      PayloadTooLargeError,
    );
  });
});
