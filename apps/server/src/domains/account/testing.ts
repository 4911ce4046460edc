import type { Harness } from '../../test/harness.ts';

/** Test support: the newest code the outbox holds for a recipient (e-mail address or phone). */
export async function lastCode(h: Harness, recipient: string): Promise<string | null> {
  const row = await h.store.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? (/\b(\d{5,6})\b/.exec(row.body)?.[1] ?? null) : null;
}

/** A snapshot of the rows a rejected request must leave as they were. */
export async function snapshot(h: Harness) {
  const [tenants, users] = await Promise.all([
    h.store.db.selectFrom('tenants').selectAll().orderBy('id').execute(),
    h.store.db.selectFrom('users').selectAll().orderBy('id').execute(),
  ]);
  return { tenants, users };
}
