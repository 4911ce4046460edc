import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Empty, Typography } from 'antd';
import { LoadingSkeleton } from '#shared/components/loading-skeleton.tsx';
import { CloseOutlined, EditOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@netconsole/contract';
import { useWordDetail } from '../api/get-word-detail.ts';
import { HelpMarkdown } from './help-markdown.tsx';
import './help-panel.css';

// The editor and its texts load when the administrator first presses Edit, together.
const HelpEditor = lazy(() =>
  Promise.all([import('./help-editor.tsx'), i18next.loadNamespaces('help-editor')]).then(
    ([module]) => module,
  ),
);

interface HelpPanelProps {
  path: string;
  lang: Lang;
  onClose: () => void;
  /** The administrator (role value 10) may edit the help of the screen in this language. */
  canEdit?: boolean;
  /** The editor wants a wider panel while it is open. */
  onEditingChange?: (editing: boolean) => void;
}

/** spec §2: help text of the current route, rendered from markdown; the administrator edits it. */
export default function HelpPanel({ path, lang, onClose, canEdit = false, onEditingChange }: HelpPanelProps) {
  const { t } = useTranslation(['help', 'common']);
  const word = useWordDetail(path, lang);
  // The route the editor was opened for: another screen shows its own help, not the editor.
  const [editingPath, setEditingPath] = useState<string | null>(null);
  const editing = canEdit && editingPath === path && word.isSuccess;

  useEffect(() => {
    onEditingChange?.(editing);
  }, [editing, onEditingChange]);
  useEffect(() => () => onEditingChange?.(false), [onEditingChange]);

  let body;
  if (word.isPending) body = <LoadingSkeleton paragraph={{ rows: 6 }} />;
  else if (word.isError) body = <Alert type="error" showIcon title={t('loadFailed')} />;
  else if (word.data.Contents) body = <HelpMarkdown testId="help-content">{word.data.Contents}</HelpMarkdown>;
  else {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('common:message.noHelpInfo')}
        data-testid="help-empty"
      />
    );
  }

  return (
    <section className={`help-panel${editing ? ' help-panel-editing' : ''}`} aria-label={t('title')}>
      <header className="help-panel-header">
        <Typography.Text strong>{t('title')}</Typography.Text>
        <span className="help-panel-actions">
          {canEdit && !editing && word.isSuccess && (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditingPath(path)}
              data-testid="help-edit"
            >
              {t('edit')}
            </Button>
          )}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('close')}
            onClick={onClose}
            data-testid="help-close"
          />
        </span>
      </header>
      {editing ? (
        <Suspense
          fallback={
            <div className="help-panel-body">
              <LoadingSkeleton paragraph={{ rows: 8 }} />
            </div>
          }
        >
          <HelpEditor
            path={path}
            lang={lang}
            saved={word.data.Contents}
            onDone={() => setEditingPath(null)}
          />
        </Suspense>
      ) : (
        <div className="help-panel-body">{body}</div>
      )}
    </section>
  );
}
