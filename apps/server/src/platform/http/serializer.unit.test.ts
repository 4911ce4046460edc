import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { deviceList } from '@netconsole/contract';
import { createSerializerCompiler, replyJsonSchema } from './serializer.ts';

const reply = z.object({
  list: z.array(
    z.object({
      _id: z.string(),
      Alias: z.string().nullable(),
      Type: z.number().int().nullable(),
      Status: z.enum(['Online', 'Offline']),
      Rate: z.number().optional(),
      Location: z.object({ longitude: z.number(), latitude: z.number() }).nullable(),
      Tags: z.array(z.string()),
      Extra: z.record(z.string(), z.number()),
      Any: z.unknown(),
      Kind: z.union([z.literal('a'), z.object({ b: z.number() })]),
    }),
  ),
  count: z.number().int(),
});

function writers(schema: z.ZodType, check = false) {
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;
  return {
    fast: createSerializerCompiler({ check })(route),
    zod: zodSerializerCompiler(route) as unknown as (data: unknown) => string,
  };
}

const item = {
  _id: 'd1',
  Alias: null,
  Type: 2,
  Status: 'Online',
  Location: { longitude: 113.9, latitude: 22.5 },
  Tags: ['x', 'y "quoted" \u2028'],
  Extra: { a: 1, b: 2.5 },
  Any: { deep: [1, null, 'z'] },
  Kind: { b: 3 },
};

describe('reply writer', () => {
  it('writes what the zod encode writes: nullables, optionals, enums, records, unions, unknowns', () => {
    const { fast, zod } = writers(reply);
    const data = {
      list: [item, { ...item, _id: 'd2', Alias: '前台', Type: null, Rate: 1.25, Location: null, Kind: 'a' }],
      count: 2,
    };
    expect(JSON.parse(fast(data))).toEqual(JSON.parse(zod(data)));
    expect(JSON.parse(fast(data))).toEqual(data);
  });

  it('leaves out every field the schema does not declare', () => {
    const { fast } = writers(reply);
    const out = JSON.parse(fast({ list: [{ ...item, secret: 'hash' }], count: 1, password: 'x' }));
    expect(out).not.toHaveProperty('password');
    expect(out.list[0]).not.toHaveProperty('secret');
  });

  it('turns zod nullables into nullable types, not a branch to validate', () => {
    const json = replyJsonSchema(z.object({ a: z.string().nullable(), b: z.number().int().nullable() }));
    expect(json.properties).toMatchObject({
      a: { type: ['string', 'null'] },
      b: { type: ['integer', 'null'] },
    });
  });

  it('checked, a reply the zod schema refuses is refused, and a real reply passes', () => {
    const { fast } = writers(reply, true);
    expect(() => fast({ list: [{ ...item, Type: 1.5 }], count: 1 })).toThrow();
    const device = writers(deviceList, true).fast;
    expect(JSON.parse(device({ list: [], count: 0, limit: 10, page: 1, sort: '-CreateTime' }))).toEqual({
      list: [],
      count: 0,
      limit: 10,
      page: 1,
      sort: '-CreateTime',
    });
  });
});
