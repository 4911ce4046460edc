import type { Insertable } from 'kysely';
import type { Db } from '../../platform/store/db.ts';
import type { CodeRow, VerificationCodeTable } from './tables.ts';

export type { CodeRow };

/**
 * Codes belong to one account. `userId` is the caller's own id in the personal centre; it is null
 * only in password recovery, which starts before any scope exists and is narrowed by the target.
 */
export type CodeOwner = string | null;

export async function insertCode(db: Db, row: Insertable<VerificationCodeTable>): Promise<void> {
  await db.insertInto('verification_codes').values(row).execute();
}

/** The newest code of this purpose and target still usable now. */
export async function findLiveCode(
  db: Db,
  owner: CodeOwner,
  purpose: string,
  target: string,
  now: number,
): Promise<CodeRow | undefined> {
  let q = db
    .selectFrom('verification_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (owner !== null) q = q.where('user_id', '=', owner);
  return q.orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
}

/** A new code replaces the earlier ones the account had for the same purpose and target. */
export async function supersedeCodes(
  db: Db,
  userId: string,
  purpose: string,
  target: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Counts one try before the secret is compared, atomically, so parallel guesses cannot exceed
 * the limit. False when the code is already spent.
 */
export async function spendTry(db: Db, id: string, maxTries: number): Promise<boolean> {
  const res = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a code used (or dead); true only for the call that did it, so a code serves once. */
export async function closeCode(db: Db, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// Sends, counted per key ('to:<target>', 'ip:<address>') for the rate limits.

export async function countSends(db: Db, key: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('send_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordSends(db: Db, keys: string[], at: number): Promise<void> {
  await db
    .insertInto('send_events')
    .values(keys.map((key) => ({ key, sent_at: at })))
    .execute();
}

export async function pruneSends(db: Db, before: number): Promise<void> {
  await db.deleteFrom('send_events').where('sent_at', '<=', before).execute();
}
