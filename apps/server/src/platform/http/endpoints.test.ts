import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

// The specification's list of calls lives beside the project (../shared/spec), as on CI; the few
// calls of our own are listed, with their reason, in docs/api-extensions.tsv.
const TSV = path.resolve(import.meta.dirname, '../../../../../../shared/spec/endpoints.tsv');
const EXTENSIONS = path.resolve(import.meta.dirname, '../../../../../docs/api-extensions.tsv');

function routesOf(file: string): Set<string> {
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => {
        const [method, p] = l.split('\t');
        return `${method} ${p!.replace(/\{(\w+)\}/g, ':$1')}`;
      }),
  );
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('paths are exactly those of endpoints.tsv', () => {
  it('registers no /v1, /system or /weixin route the specification does not name', async () => {
    const spec = routesOf(TSV);
    const extensions = routesOf(EXTENSIONS);
    const doc = (await h.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ours = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(ours.length).toBeGreaterThan(5);
    const extra = ours.filter((r) => !spec.has(r) && !extensions.has(r));
    expect(extra).toEqual([]);
    // Every listed extension exists, and none repeats a call the specification already names.
    expect([...extensions].filter((r) => !ours.includes(r))).toEqual([]);
    expect([...extensions].filter((r) => spec.has(r))).toEqual([]);
  });
});
