/**
 * The device protocol (docs/device-protocol.md): constants, topics, message schemas, codec and the
 * shared rules. Not exported here: `credentials.ts` (node:crypto; import it by path on the server and
 * in the simulator), `examples.ts` and `json-schema.ts` (documentation and tests).
 */
export * from './constants.ts';
export { isWireMac, WIFI_BANDS } from './primitives.ts';
export type { WifiBand } from './primitives.ts';
export * from './topics.ts';
export * from './up.ts';
export * from './down.ts';
export * from './acks.ts';
export * from './messages.ts';
export * from './codec.ts';
export * from './rules.ts';
