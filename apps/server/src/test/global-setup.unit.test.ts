import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeHash } from './global-setup.ts';

/** A store folder as the template's name sees it: code beside a migrations folder. */
function storeDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-hash-'));
  fs.mkdirSync(path.join(dir, 'migrations'));
  fs.writeFileSync(path.join(dir, 'db.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(dir, 'migrations', '0001-foundation.ts'), 'export async function up() {}\n');
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the PostgreSQL template is named after the store code and migrations', () => {
  it('stays the same for the same files, whatever else lies beside them', () => {
    const dir = storeDir();
    const first = storeHash(dir);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    fs.writeFileSync(path.join(dir, 'db.unit.test.ts'), 'a test, not the store\n');
    fs.writeFileSync(path.join(dir, 'notes.md'), 'not code\n');
    expect(storeHash(dir)).toBe(first);
  });

  it('changes with a migration added, renamed or edited, and with the store code', () => {
    const dir = storeDir();
    const seen = new Set([storeHash(dir)]);
    const migration = (name: string) => path.join(dir, 'migrations', name);
    fs.writeFileSync(migration('0002-accounts.ts'), 'export async function up() {}\n');
    seen.add(storeHash(dir));
    fs.renameSync(migration('0002-accounts.ts'), migration('0002-users.ts'));
    seen.add(storeHash(dir));
    fs.appendFileSync(migration('0002-users.ts'), '// one more column\n');
    seen.add(storeHash(dir));
    fs.appendFileSync(path.join(dir, 'db.ts'), 'export const b = 2;\n');
    seen.add(storeHash(dir));
    expect(seen.size).toBe(5);
  });

  it('names the real store', () => {
    expect(storeHash()).toMatch(/^[0-9a-f]{16}$/);
  });
});
