import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '@netconsole/contract';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { findWord, seedWord } from './store.ts';

const WORDS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'words');

/** words/<lang>/<route with '/' as '__'>.md → route path. */
export function routeOfFile(file: string): string {
  return '/' + path.basename(file, '.md').replace(/__/g, '/');
}

export class HelpService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async detail(name: string, lang: Lang): Promise<string | null> {
    const word = await findWord(this.db, name, lang);
    return word?.contents ?? null;
  }

  /** Loads the shipped help texts on start; words an administrator edited are kept. */
  async seedShipped(dir = WORDS_DIR): Promise<number> {
    let count = 0;
    const now = this.clock();
    for (const lang of ['en', 'zh']) {
      const files = await fs.readdir(path.join(dir, lang)).catch(() => [] as string[]);
      for (const f of files.filter((x) => x.endsWith('.md'))) {
        const contents = await fs.readFile(path.join(dir, lang, f), 'utf8');
        await seedWord(this.db, routeOfFile(f), lang, contents, now);
        count++;
      }
    }
    return count;
  }
}
