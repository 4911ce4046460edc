import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR, renderProtocolSchemaFiles } from '../../scripts/export-protocol-schemas.ts';
import { DOWN_KINDS, UP_KINDS } from './topics.ts';

describe('docs/protocol-schemas', () => {
  it('holds exactly what the export script generates now (run it after changing a schema)', async () => {
    const expected = await renderProtocolSchemaFiles();
    const committed = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.json'));
    expect(committed.sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) {
      expect(readFileSync(join(SCHEMA_DIR, name), 'utf8'), name).toBe(text);
    }
  });

  it('has one schema per kind and one for any command', async () => {
    const names = [...(await renderProtocolSchemaFiles()).keys()];
    expect(names).toHaveLength(UP_KINDS.length + DOWN_KINDS.length + 1);
    for (const kind of UP_KINDS) expect(names).toContain(`up-${kind}.schema.json`);
    for (const kind of DOWN_KINDS) expect(names).toContain(`down-${kind}.schema.json`);
    expect(names).toContain('down-command.schema.json');
  });
});
