import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.description')}
      style={{ paddingTop: '12vh' }}
      extra={
        <Button type="primary" onClick={() => void navigate('/')} data-testid="not-found-home">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
