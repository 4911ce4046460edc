/**
 * JSON Schema (draft 2020-12) of every protocol message, generated from the zod schemas. The files
 * in docs/protocol-schemas/ are this output (packages/contract/scripts/export-protocol-schemas.ts);
 * a test keeps them equal. Checks zod cannot express in JSON Schema (cross-field rules such as
 * "a WPA key goes with a WPA security mode") are stated in the document and enforced by the zod schemas.
 */
import { z } from 'zod';
import { downCommand } from './down.ts';
import { downSchemas, upSchemas } from './messages.ts';
import { DOWN_KINDS, UP_KINDS } from './topics.ts';

const COMMENT =
  'Generated from packages/contract/src/protocol by packages/contract/scripts/export-protocol-schemas.ts. Do not edit.';

const anyCommand = downCommand.meta({
  title: 'command',
  description: 'Any command; cmd equals the topic kind.',
});

function toJson(schema: z.ZodType, topic: string): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  const { $schema, ...rest } = json;
  return { $schema, $comment: COMMENT, 'x-topic': topic, ...rest };
}

/** File name → schema, in a stable order: up kinds, down kinds, then the union of all commands. */
export function protocolJsonSchemas(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const kind of UP_KINDS) out[`up-${kind}.schema.json`] = toJson(upSchemas[kind], `dev/{sn}/up/${kind}`);
  for (const kind of DOWN_KINDS) {
    out[`down-${kind}.schema.json`] = toJson(downSchemas[kind], `dev/{sn}/down/${kind}`);
  }
  out['down-command.schema.json'] = toJson(anyCommand, 'dev/{sn}/down/{cmd}');
  return out;
}
