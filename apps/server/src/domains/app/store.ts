import type { Insertable } from 'kysely';
import type { Db } from '../../platform/store/db.ts';
import type { AppReleaseTable } from './tables.ts';

/** Mobile app releases are platform content: every visitor of /login sees the same QR codes. */
export async function currentReleases(db: Db) {
  return db
    .selectFrom('app_releases')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertRelease(db: Db, row: Insertable<AppReleaseTable>): Promise<void> {
  await db.insertInto('app_releases').values(row).execute();
}
