import { HELP_CONTENTS_MAX } from '@netconsole/contract';

export { HELP_CONTENTS_MAX };

/** What keeps a draft from being saved: the server takes at most 64 Ki characters. */
export type HelpDraftProblem = 'tooLong';

export function checkHelpDraft(draft: string): HelpDraftProblem | null {
  return draft.length > HELP_CONTENTS_MAX ? 'tooLong' : null;
}

/** Save is offered once the draft differs from the saved text (no text yet counts as empty). */
export function isHelpDraftChanged(draft: string, saved: string | null): boolean {
  return draft !== (saved ?? '');
}
