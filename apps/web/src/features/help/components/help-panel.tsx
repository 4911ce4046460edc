import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import Markdown from 'react-markdown';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@netconsole/contract';
import { useWordDetail } from '../api/get-word-detail.ts';
import './help-panel.css';

/** spec §2: help text of the current route, rendered from markdown. */
export default function HelpPanel({
  path,
  lang,
  onClose,
}: {
  path: string;
  lang: Lang;
  onClose: () => void;
}) {
  const { t } = useTranslation(['help', 'common']);
  const word = useWordDetail(path, lang);

  let body;
  if (word.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (word.isError) body = <Alert type="error" showIcon title={t('loadFailed')} />;
  else if (word.data.Contents) {
    body = (
      <div className="help-markdown" data-testid="help-content">
        <Markdown>{word.data.Contents}</Markdown>
      </div>
    );
  } else {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('common:message.noHelpInfo')}
        data-testid="help-empty"
      />
    );
  }

  return (
    <section className="help-panel" aria-label={t('title')}>
      <header className="help-panel-header">
        <Typography.Text strong>{t('title')}</Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('close')}
          onClick={onClose}
          data-testid="help-close"
        />
      </header>
      <div className="help-panel-body">{body}</div>
    </section>
  );
}
