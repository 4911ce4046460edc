/**
 * Replies written by fast-json-stringify from each route's zod reply schema turned into JSON Schema,
 * instead of a zod encode (a full parse that builds a copy) and JSON.stringify: on the dashboard's
 * and the device list's busy routes that pair took ~15 % of the main thread. Only the declared
 * fields go out either way.
 *
 * With `check` (tests), every reply is written both ways and must come out the same, so the suite
 * proves the conversion for every reply it sees; a reply the zod schema refuses is refused as before.
 */
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/** JSON Schema of what a zod schema writes, shaped for fast-json-stringify. */
export function replyJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    unrepresentable: 'any',
    // No registry: ids and descriptions are the API documents' business, not the writer's.
    metadata: z.registry<Record<string, unknown>>(),
  }) as JsonSchema;
  return simplify(json);
}

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']`: fast-json-stringify
 * writes that directly, where an anyOf makes it validate each value to choose a branch.
 */
function simplify(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(simplify) as unknown as JsonSchema;
  if (node === null || typeof node !== 'object') return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = typeof v === 'object' && v !== null ? simplify(v) : v;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && other.anyOf === undefined) {
      delete out.anyOf;
      return { ...other, ...out, type: [other.type, 'null'] };
    }
  }
  return out;
}

function zodSchemaOf(maybe: unknown): z.ZodType | null {
  if (maybe instanceof z.ZodType) return maybe;
  const props = (maybe as { properties?: unknown } | null)?.properties;
  return props instanceof z.ZodType ? props : null;
}

function sameJson(a: string, b: string): boolean {
  if (a === b) return true;
  return JSON.stringify(sortKeys(JSON.parse(a))) === JSON.stringify(sortKeys(JSON.parse(b)));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
  );
}

/**
 * One writer per zod schema (the error reply is shared by every route), built on first use; null
 * for a schema fast-json-stringify cannot take, whose routes keep the zod writer.
 */
const writers = new WeakMap<z.ZodType, Serialize | null>();
function writerOf(schema: z.ZodType): Serialize | null {
  if (!writers.has(schema)) {
    let write: Serialize | null = null;
    try {
      write = fastJson(replyJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as Serialize;
    } catch {
      write = null;
    }
    writers.set(schema, write);
  }
  return writers.get(schema)!;
}

export function createSerializerCompiler(opts: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodWrite = zodSerializerCompiler(route as never) as unknown as Serialize;
    const schema = zodSchemaOf(route.schema);
    if (!schema) return zodWrite;
    let write: Serialize | null = null;
    return (data: unknown) => {
      write ??= writerOf(schema) ?? zodWrite;
      if (!opts.check) return write(data);
      const expected = zodWrite(data);
      const written = write(data);
      if (!sameJson(expected, written)) {
        throw new Error(
          `reply writer differs from the zod schema on ${route.method} ${route.url}:\n` +
            `zod:  ${expected.slice(0, 2000)}\nfast: ${written.slice(0, 2000)}`,
        );
      }
      return written;
    };
  };
}
