import { openStore } from './platform/store/db.ts';
import { rankedClientPage, rankState } from './domains/analytics/rank.ts';
import { sql } from 'kysely';
const store = await openStore({ sqliteFile: '/tmp/small.db' } as never);
const db = store.db;
const tenant = (await sql<{ t: string }>`select tenant_id as t from clients limit 1`.execute(db)).rows[0]!.t;
const st = (await rankState(db, tenant, 30))!;
console.log(st);
const now = st.until + 20 * 60_000;
// log each statement's time
const orig = (db as any).executeQuery.bind(db);
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = await rankedClientPage(db, { tenantId: tenant, span: 30, zone: 'UTC', from: st.start, to: now, now, order: { by: 'traffic', dir: 'desc' }, page: { offset: 0, limit: 10 } });
  console.log('page', r?.rows.length, r?.count, Math.round(performance.now() - t0));
}
await store.close();
