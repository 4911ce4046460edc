import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMER_NAMES, MIGRATIONS_DIR, migrationNames, readMigrations } from './migrate.ts';

describe('migration names', () => {
  it('orders the files by number, whatever order the folder lists them in', () => {
    const files = ['0003-devices.ts', '0010-read-indexes.ts', '0001-foundation.ts', '0002-accounts.ts'];
    for (let n = 4; n <= 9; n++) files.push(`000${n}-step-${n}.ts`);
    const names = migrationNames(files);
    expect(names[0]).toBe('0001-foundation');
    expect(names.slice(-2)).toEqual(['0009-step-9', '0010-read-indexes']);
    expect(names).toHaveLength(10);
  });

  it('passes over hidden files, which are no migrations', () => {
    expect(migrationNames(['.0002-jobs.ts.swp', '0001-foundation.ts', '.DS_Store'])).toEqual([
      '0001-foundation',
    ]);
  });

  it.each([
    ['a gap', ['0001-foundation.ts', '0003-devices.ts'], /no migration numbered 0002$/],
    ['a wider gap', ['0001-foundation.ts', '0005-clients.ts'], /no migration numbered 0002-0004$/],
    ['a start after 0001', ['0002-accounts.ts'], /no migration numbered 0001/],
    [
      'two files of one number',
      ['0001-foundation.ts', '0001-jobs.ts'],
      /0001-jobs.ts and 0001-foundation.ts share/,
    ],
    ['a date for a number', ['0001-foundation.ts', '2026-12-04-jobs.ts'], /2026-12-04-jobs.ts is not named/],
    ['a name of digits', ['0001-foundation.ts', '0002-2026.ts'], /0002-2026.ts is not named/],
    ['a doubled hyphen', ['0001-foundation--x.ts'], /0001-foundation--x.ts is not named/],
    ['three digits', ['0001-foundation.ts', '002-jobs.ts'], /002-jobs.ts is not named/],
    [
      'a test file',
      ['0001-foundation.ts', '0001-foundation.test.ts'],
      /0001-foundation.test.ts is not named/,
    ],
    ['upper case', ['0001-Foundation.ts'], /0001-Foundation.ts is not named/],
    ['an underscore', ['0001_foundation.ts'], /0001_foundation.ts is not named/],
    ['JavaScript', ['0001-foundation.js'], /0001-foundation.js is not named/],
    ['an empty folder', [], /no migrations/],
  ])('refuses %s', (_, files, message) => {
    expect(() => migrationNames(files)).toThrow(message);
  });

  it('names every problem at once', () => {
    expect(() => migrationNames(['0001-a.ts', 'notes.md', '0003-c.ts'])).toThrow(
      'Migrations refused: notes.md is not named NNNN-name.ts (a lower-case name: letters, digits, hyphens); ' +
        'no migration numbered 0002',
    );
  });
});

describe('the migrations folder', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('holds well-named migrations only, the former names among them in the same order', async () => {
    const names = migrationNames(fs.readdirSync(MIGRATIONS_DIR));
    expect(names.slice(0, 13)).toEqual(Object.values(FORMER_NAMES));
    // The former (dated) names sorted as the new ones do, so the renamed records keep their order.
    expect(Object.keys(FORMER_NAMES).toSorted()).toEqual(Object.keys(FORMER_NAMES));
    const migrations = await readMigrations();
    expect(Object.keys(migrations)).toEqual(names);
    for (const m of Object.values(migrations)) expect(typeof m.up).toBe('function');
  });

  it('imports a file dropped into a folder, and refuses one that exports no up()', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    const step = 'export async function up(): Promise<void> {}\n';
    fs.writeFileSync(path.join(dir, '0001-first.ts'), step);
    fs.writeFileSync(path.join(dir, '0002-second.ts'), step);
    expect(Object.keys(await readMigrations(dir))).toEqual(['0001-first', '0002-second']);
    fs.writeFileSync(path.join(dir, '0003-third.ts'), 'export const down = 1;\n');
    await expect(readMigrations(dir)).rejects.toThrow('0003-third.ts exports no up()');
  });
});
