import { Alert, Button, Card, Descriptions, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '#shared/api-client.ts';
import { formatDateTime } from '#shared/format.ts';
import { useOpenMessage } from '../api/messages.ts';
import { MESSAGE_LIST_PATH } from './paths.ts';
import '../components/log.css';

/**
 * spec §2 /log/detail (hidden): one message in full, reached from the message centre with `?_id=`.
 * Opening it reads it (unread → read), so the top bar's dot follows.
 */
export default function DetailPage() {
  const { t } = useTranslation('log-detail');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('_id') || null;
  const message = useOpenMessage(id);
  const m = message.data;

  const back = (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={() => void navigate(`${MESSAGE_LIST_PATH}?status=init`)}
      data-testid="detail-back"
    >
      {t('back')}
    </Button>
  );

  return (
    <Card
      className="log-page"
      data-testid="detail-page"
      extra={back}
      title={<h2 className="log-card-title">{t('title')}</h2>}
    >
      {id === null ? (
        <Alert type="info" showIcon message={t('none')} data-testid="detail-none" />
      ) : message.isError ? (
        <Alert type="warning" showIcon message={errorMessage(message.error)} data-testid="detail-error" />
      ) : !m ? (
        <Spin>
          <div className="log-loading" />
        </Spin>
      ) : (
        <article className="log-message" data-testid="detail-message" data-status={m.Status}>
          <h3 className="log-message-title" data-testid="detail-title">
            {m.Title || t('untitled')}
          </h3>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'type',
                label: t('type.label'),
                children: <Tag color={m.Type === 'admin' ? 'blue' : 'default'}>{t(`type.${m.Type}`)}</Tag>,
              },
              { key: 'time', label: t('time'), children: formatDateTime(m.CreateTime) },
              {
                key: 'read',
                label: t('readAt'),
                children: m.ReadTime ? formatDateTime(m.ReadTime) : '—',
              },
            ]}
          />
          <p className="log-message-content" data-testid="detail-content">
            {m.Content}
          </p>
        </article>
      )}
    </Card>
  );
}
