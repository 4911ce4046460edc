/**
 * The isolation the parallel API files rely on (docs/testing.md, "API tests in parallel"): every
 * harness has a store of its own, migrated to the last migration, and gone once closed.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR, migrationNames } from '../platform/store/migrate.ts';
import { eventually } from './devices.ts';
import { PG_URL, TEST_STORE, seedTenant, startHarness, type Harness } from './harness.ts';

const migrated = async (h: Harness) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(h.store.db)).rows.map(
    (r) => r.name,
  );
const tenants = async (h: Harness) =>
  Number(
    (await sql<{ n: number | string }>`select count(*) as n from tenants`.execute(h.store.db)).rows[0]!.n,
  );
const database = async (h: Harness) =>
  TEST_STORE === 'postgres'
    ? (await sql<{ name: string }>`select current_database() as name`.execute(h.store.db)).rows[0]!.name
    : null;

it('gives each harness a store of its own, migrated to the last migration, dropped once closed', async () => {
  const a = await startHarness();
  const b = await startHarness();
  let names: (string | null)[] = [];
  try {
    const all = migrationNames(fs.readdirSync(MIGRATIONS_DIR));
    expect(await migrated(a)).toEqual(all);
    expect(await migrated(b)).toEqual(all);
    await seedTenant(a, 'iso');
    expect(await tenants(a)).toBe(1);
    expect(await tenants(b)).toBe(0);
    names = [await database(a), await database(b)];
  } finally {
    await a.close();
    await b.close();
  }
  if (TEST_STORE === 'postgres') {
    // Clones of this run's template, named after the run so its teardown finds leftovers.
    expect(names[0]).not.toBe(names[1]);
    for (const name of names) expect(name!.startsWith(`${inject('pgRun')}_`)).toBe(true);
    // Dropped in the background once closed (testDatabase): nothing waits for it, but it goes.
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      // In a whole run the drop queues behind the other workers' clones and drops (seconds).
      await eventually(
        async () => {
          const left = await c.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [names]);
          return left.rows.length === 0;
        },
        45_000,
        'both databases dropped',
      );
    } finally {
      await c.end();
    }
  } else {
    expect(fs.existsSync(a.config.dataDir)).toBe(false);
  }
}, 60_000);
