import type { Updateable } from 'kysely';
import type { Db } from '../../platform/store/db.ts';
import type { AppReleaseTable, ReleaseRow } from './tables.ts';

export type { ReleaseRow };

export async function findRelease(db: Db, id: string): Promise<ReleaseRow | undefined> {
  return db.selectFrom('app_releases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findReleaseVersion(
  db: Db,
  platform: string,
  version: string,
): Promise<ReleaseRow | undefined> {
  return db
    .selectFrom('app_releases')
    .selectAll()
    .where('platform', '=', platform)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function updateRelease(db: Db, id: string, patch: Updateable<AppReleaseTable>): Promise<number> {
  const res = await db.updateTable('app_releases').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** One active release per platform: the others step back. */
export async function deactivateOthers(db: Db, platform: string, exceptId: string): Promise<void> {
  await db
    .updateTable('app_releases')
    .set({ active: 0 })
    .where('platform', '=', platform)
    .where('id', '!=', exceptId)
    .execute();
}

export async function listReleases(db: Db): Promise<ReleaseRow[]> {
  return db.selectFrom('app_releases').selectAll().orderBy('created_at', 'desc').execute();
}
