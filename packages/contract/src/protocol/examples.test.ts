import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_STAGES, REASON_CODES } from './acks.ts';
import { decodeDown, decodeUp, encodeMessage } from './codec.ts';
import {
  DEVICE_RATE_LIMIT,
  PROTOCOL_LIMITS,
  PROTOCOL_TIMING,
  PROTOCOL_VERSION,
  TELEMETRY_INTERVALS,
} from './constants.ts';
import { EXAMPLES, exampleBlock } from './examples.ts';
import { COMMAND_KINDS, DOWN_KINDS, UP_KINDS, UP_QOS } from './topics.ts';
import { DEVICE_EVENT_TYPES } from './up.ts';

const doc = readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8');

describe('protocol examples', () => {
  it('have unique names', () => {
    expect(new Set(EXAMPLES.map((e) => e.name)).size).toBe(EXAMPLES.length);
  });

  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s parses from its topic and payload', (_name, e) => {
    const payload = encodeMessage(e.message);
    const r = e.direction === 'up' ? decodeUp(e.topic, payload) : decodeDown(e.topic, payload);
    if (!r.ok) expect.fail(`${r.reason}: ${JSON.stringify(r.issues)}`);
    expect(r.kind).toBe(e.kind);
  });

  it('cover every kind and every command report state', () => {
    const kinds = new Set(EXAMPLES.map((e) => `${e.direction}/${e.kind}`));
    for (const kind of UP_KINDS) expect(kinds, kind).toContain(`up/${kind}`);
    for (const kind of DOWN_KINDS) expect(kinds, kind).toContain(`down/${kind}`);
    const states = new Set(EXAMPLES.filter((e) => e.kind === 'acks').map((e) => e.message.state));
    expect([...states].sort()).toEqual(['accepted', 'failed', 'progress', 'rejected', 'succeeded']);
  });
});

describe('docs/device-protocol.md', () => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('shows the example "%s" verbatim', (_name, e) => {
    expect(doc).toContain(exampleBlock(e));
  });

  it('names every kind, command, event type, reason code and stage', () => {
    const words: string[] = [
      ...UP_KINDS,
      ...DOWN_KINDS,
      ...COMMAND_KINDS,
      ...DEVICE_EVENT_TYPES,
      ...REASON_CODES,
    ];
    for (const stages of Object.values(COMMAND_STAGES)) words.push(...stages);
    for (const word of words) expect(doc, word).toContain(`\`${word}\``);
  });

  it('states the numbers of the constants', () => {
    const n = (x: number) => x.toLocaleString('en-US').replace(/,/g, ' ');
    expect(doc).toContain(`\`v\` = ${PROTOCOL_VERSION}`);
    expect(doc).toContain(`${n(PROTOCOL_LIMITS.maxPayloadBytes)} bytes`);
    expect(doc).toContain(`${PROTOCOL_LIMITS.maxClientsPerMessage} clients`);
    expect(doc).toContain(`keep-alive ${PROTOCOL_TIMING.keepAliveS} s`);
    expect(doc).toContain(`${TELEMETRY_INTERVALS.statsS.default} s`);
    expect(doc).toContain(`${DEVICE_RATE_LIMIT.messagesPerSecond} messages per second`);
    for (const [kind, qos] of Object.entries(UP_QOS)) expect(doc).toContain(`| \`${kind}\` | ${qos} |`);
  });
});
