import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '#shared/session.ts';

/** spec §2 /404, public: signed in it sits in the main layout; signed out it offers the sign-in. */
export default function NotFoundPage() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const signedIn = useSession().token !== null;
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.description')}
      style={{ paddingTop: '12vh' }}
      extra={
        <Button
          type="primary"
          onClick={() => void navigate(signedIn ? '/' : '/login')}
          data-testid="not-found-home"
        >
          {signedIn ? t('notFound.home') : t('notFound.signIn')}
        </Button>
      }
    />
  );
}
