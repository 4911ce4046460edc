import type { Db } from '../../platform/store/db.ts';

/** Writes a help word as an administrator edited it; the owner keeps seeding from overwriting it. */
export async function saveWord(
  db: Db,
  word: { name: string; lang: string; contents: string; owner: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('help_words')
    .values({ ...word, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['name', 'lang'])
        .doUpdateSet({ contents: word.contents, owner: word.owner, updated_at: now }),
    )
    .execute();
}

/** Every help word, for the editor's list. */
export async function listWords(db: Db) {
  return db.selectFrom('help_words').selectAll().orderBy('name').orderBy('lang').execute();
}
