import type { Harness } from '../../test/harness.ts';

/** Test support: how many messages the outbox holds (a refused request must have queued none). */
export async function outboxCount(h: Harness): Promise<number> {
  const row = await h.store.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
