import { useDeferredValue, useId, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@netconsole/contract';
import { errorMessage } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useSaveWordDetail } from '../api/save-word-detail.ts';
import { HELP_CONTENTS_MAX, checkHelpDraft, isHelpDraftChanged } from './help-draft.ts';
import { HelpMarkdown } from './help-markdown.tsx';
import './help-editor.css';

interface Props {
  /** The route whose help this is (its Name). */
  path: string;
  lang: Lang;
  /** The help as saved now; null when the screen has none yet. */
  saved: string | null;
  /** Cancel, or saved: the panel shows the help again (the saved text is already in the cache). */
  onDone: () => void;
}

/**
 * The administrator's help editor (issue 3): markdown in a textarea, a live preview below it
 * rendered exactly as the panel renders help. Save replaces the help of this route in this
 * language for everyone; Cancel drops the draft.
 */
export default function HelpEditor({ path, lang, saved, onDone }: Props) {
  const { t } = useTranslation('help-editor');
  const [draft, setDraft] = useState(saved ?? '');
  // Typing stays quick on a long text: the preview follows when React has time.
  const preview = useDeferredValue(draft);
  const save = useSaveWordDetail();
  const textareaId = useId();
  const problem = checkHelpDraft(draft);
  const changed = isHelpDraftChanged(draft, saved);

  const submit = () => {
    if (problem || !changed) return;
    save.mutate(
      { Name: path, Lang: lang, Contents: draft },
      {
        onSuccess: () => {
          notify.success(t('saved'));
          onDone();
        },
      },
    );
  };

  return (
    <>
      <div className="help-panel-body help-editor">
        <div className="help-editor-target">
          <Typography.Text type="secondary">
            {t('target', { path, language: t(`language.${lang}`) })}
          </Typography.Text>
        </div>
        <label htmlFor={textareaId} className="help-editor-label">
          {t('markdown')}
        </label>
        {/* A plain textarea: antd's would split chunks the first screens share (bundle budget). */}
        <textarea
          id={textareaId}
          className={`help-editor-textarea${problem ? ' help-editor-textarea-error' : ''}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 's' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          rows={14}
          spellCheck
          aria-invalid={problem !== null}
          disabled={save.isPending}
          data-testid="help-editor"
        />
        <div className={`help-editor-count${problem ? ' help-editor-count-over' : ''}`}>
          {problem
            ? t('tooLong', { max: HELP_CONTENTS_MAX.toLocaleString() })
            : t('count', { length: draft.length.toLocaleString(), max: HELP_CONTENTS_MAX.toLocaleString() })}
        </div>
        <div className="help-editor-hint">{t('hint')}</div>
        {save.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(save.error)}
            className="help-editor-error"
            data-testid="help-save-error"
          />
        )}
        <div className="help-editor-label">{t('preview')}</div>
        <div className="help-editor-preview" data-testid="help-preview">
          {preview.trim() ? (
            <HelpMarkdown>{preview}</HelpMarkdown>
          ) : (
            <Typography.Text type="secondary">{t('emptyPreview')}</Typography.Text>
          )}
        </div>
      </div>
      <footer className="help-editor-footer">
        <Button onClick={onDone} disabled={save.isPending} data-testid="help-cancel">
          {t('cancel')}
        </Button>
        <Button
          type="primary"
          onClick={submit}
          disabled={!changed || problem !== null}
          loading={save.isPending}
          data-testid="help-save"
        >
          {t('save')}
        </Button>
      </footer>
    </>
  );
}
