import { ErrorCode, helpWordBody, type HelpWordBody, type HelpWordItem } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { listWords, saveWord } from './edit-store.ts';

/**
 * Editing help words (spec §3: Name = route path, Lang, Contents in markdown, Owner = editor).
 * The specification names no write path, so this is a service without a route for now.
 */
export class HelpEditor {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async save(scope: Scope, editorId: string, input: HelpWordBody): Promise<HelpWordItem> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    const parsed = helpWordBody.safeParse(input);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new AppError(
        ErrorCode.ValidationFailed,
        { detail: details.map((d) => `${d.path}: ${d.message}`).join('; ') },
        details,
      );
    }
    const { Name, Lang, Contents } = parsed.data;
    const now = this.clock();
    await saveWord(this.db, { name: Name, lang: Lang, contents: Contents, owner: editorId }, now);
    return { Name, Lang, Contents, Owner: editorId, UpdateTime: now };
  }

  async list(scope: Scope): Promise<HelpWordItem[]> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    return (await listWords(this.db)).map((w) => ({
      Name: w.name,
      Lang: w.lang === 'zh' ? 'zh' : 'en',
      Contents: w.contents,
      Owner: w.owner,
      UpdateTime: w.updated_at,
    }));
  }
}
