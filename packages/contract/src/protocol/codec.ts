/**
 * Decoding and encoding of protocol messages, with the reasons a receiver drops a message. The
 * gateway counts drops per reason and per device; nothing here throws on bad input.
 */
import type { z } from 'zod';
import { PROTOCOL_LIMITS, PROTOCOL_VERSION } from './constants.ts';
import { downSchemas, upSchemas } from './messages.ts';
import type { DownMessage, ParsedDownMessage, UpMessage } from './messages.ts';
import { splitTopic, isDownKind, isUpKind } from './topics.ts';
import type { TopicDirection, DownKind, UpKind } from './topics.ts';

/** Why a message was dropped; each is a counter at the gateway (and in the simulator). */
export const DROP_REASONS = [
  'topic',
  'direction',
  'unknown_kind',
  'too_large',
  'not_json',
  'version',
  'invalid',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type DroppedMessage = {
  ok: false;
  reason: DropReason;
  /** Present once the topic was understood. */
  sn?: string;
  kind?: string;
  issues?: z.core.$ZodIssue[];
};
export type DecodedUp = { [K in UpKind]: { ok: true; sn: string; kind: K; message: UpMessage<K> } }[UpKind];
export type DecodedDown = {
  [K in DownKind]: { ok: true; sn: string; kind: K; message: ParsedDownMessage<K> };
}[DownKind];

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 size of a payload as it travels. */
export function payloadBytes(payload: string | Uint8Array): number {
  return typeof payload === 'string' ? encoder.encode(payload).length : payload.length;
}

function parseJson(payload: string | Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    const textValue = typeof payload === 'string' ? payload : decoder.decode(payload);
    return { ok: true, value: JSON.parse(textValue) as unknown };
  } catch {
    return { ok: false };
  }
}

function decode(direction: TopicDirection, topic: string, payload: string | Uint8Array) {
  const parts = splitTopic(topic);
  if (!parts) return { ok: false, reason: 'topic' } as const;
  const { sn, kind } = parts;
  if (parts.direction !== direction) return { ok: false, reason: 'direction', sn, kind } as const;
  const known = direction === 'up' ? isUpKind(kind) : isDownKind(kind);
  if (!known) return { ok: false, reason: 'unknown_kind', sn, kind } as const;
  if (payloadBytes(payload) > PROTOCOL_LIMITS.maxPayloadBytes)
    return { ok: false, reason: 'too_large', sn, kind } as const;
  const json = parseJson(payload);
  if (!json.ok) return { ok: false, reason: 'not_json', sn, kind } as const;
  const value = json.value;
  if (typeof value === 'object' && value !== null && 'v' in value && value.v !== PROTOCOL_VERSION) {
    return { ok: false, reason: 'version', sn, kind } as const;
  }
  const schema: z.ZodType = direction === 'up' ? upSchemas[kind as UpKind] : downSchemas[kind as DownKind];
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return { ok: false, reason: 'invalid', sn, kind, issues: parsed.error.issues } as const;
  return { ok: true, sn, kind, message: parsed.data } as const;
}

/** A message a device published (server side). */
export function decodeUp(topic: string, payload: string | Uint8Array): DecodedUp | DroppedMessage {
  return decode('up', topic, payload) as DecodedUp | DroppedMessage;
}

/** A message the server published (device side: the simulator, or firmware tests). */
export function decodeDown(topic: string, payload: string | Uint8Array): DecodedDown | DroppedMessage {
  return decode('down', topic, payload) as DecodedDown | DroppedMessage;
}

export class PayloadTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`payload of ${bytes} bytes exceeds ${PROTOCOL_LIMITS.maxPayloadBytes}`);
    this.name = 'PayloadTooLargeError';
  }
}

/** JSON text of a message, refusing one over the size limit (split it: pages, batches). */
export function encodeMessage(message: DownMessage | Record<string, unknown>): string {
  const textValue = JSON.stringify(message);
  const bytes = payloadBytes(textValue);
  if (bytes > PROTOCOL_LIMITS.maxPayloadBytes) throw new PayloadTooLargeError(bytes);
  return textValue;
}
