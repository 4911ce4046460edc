import { describe, expect, it } from 'vitest';
import { HELP_CONTENTS_MAX, checkHelpDraft, isHelpDraftChanged } from './help-draft.ts';

describe('help draft', () => {
  it('takes up to 64 Ki characters, as the server does', () => {
    expect(HELP_CONTENTS_MAX).toBe(65_536);
    expect(checkHelpDraft('')).toBeNull();
    expect(checkHelpDraft('x'.repeat(HELP_CONTENTS_MAX))).toBeNull();
    expect(checkHelpDraft('x'.repeat(HELP_CONTENTS_MAX + 1))).toBe('tooLong');
  });

  it('counts a screen without help as an empty text', () => {
    expect(isHelpDraftChanged('', null)).toBe(false);
    expect(isHelpDraftChanged('# Home', null)).toBe(true);
    expect(isHelpDraftChanged('# Home', '# Home')).toBe(false);
    expect(isHelpDraftChanged('# Home\n', '# Home')).toBe(true);
  });
});
