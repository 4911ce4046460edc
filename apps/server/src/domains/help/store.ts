import type { Db } from '../../platform/store/db.ts';
// Declares help_words into the store's Database wherever this store is compiled.
import './tables.ts';

/** Help words are platform content (spec §3 "Help word"), shared by every tenant. */
export async function findWord(db: Db, name: string, lang: string) {
  return db
    .selectFrom('help_words')
    .selectAll()
    .where('name', '=', name)
    .where('lang', '=', lang)
    .executeTakeFirst();
}

/** Writes a word unless an administrator edited it (owner other than 'system'). */
export async function seedWord(
  db: Db,
  name: string,
  lang: string,
  contents: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('help_words')
    .values({ name, lang, contents, owner: 'system', updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['name', 'lang'])
        .doUpdateSet({ contents, updated_at: now })
        .where('help_words.owner', '=', 'system'),
    )
    .execute();
}
