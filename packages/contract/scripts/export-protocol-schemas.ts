/**
 * Writes docs/protocol-schemas/*.schema.json from the protocol's zod schemas, formatted by the
 * repository's Prettier settings, and removes files of kinds that no longer exist.
 *
 *   npx tsx packages/contract/scripts/export-protocol-schemas.ts
 *
 * A unit test (src/protocol/json-schema.test.ts) fails when the committed files differ from this output.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { protocolJsonSchemas } from '../src/protocol/json-schema.ts';

export const SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/protocol-schemas');

/** File name → file text, exactly as committed. */
export async function renderProtocolSchemaFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [name, schema] of Object.entries(protocolJsonSchemas())) {
    const path = join(SCHEMA_DIR, name);
    const options = (await prettier.resolveConfig(path)) ?? {};
    files.set(name, await prettier.format(JSON.stringify(schema), { ...options, filepath: path }));
  }
  return files;
}

async function main(): Promise<void> {
  mkdirSync(SCHEMA_DIR, { recursive: true });
  const files = await renderProtocolSchemaFiles();
  for (const name of readdirSync(SCHEMA_DIR)) {
    if (name.endsWith('.json') && !files.has(name)) rmSync(join(SCHEMA_DIR, name));
  }
  for (const [name, textValue] of files) writeFileSync(join(SCHEMA_DIR, name), textValue);
  console.log(`wrote ${files.size} schemas to ${SCHEMA_DIR}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
