import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#shared/api-client.ts';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { useCurrentUser } from '../api/get-current-user.ts';
import { EmailCard } from '../components/email-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { PhoneCard } from '../components/phone-card.tsx';
import { ProfileInfoCard } from '../components/profile-info-card.tsx';
import { TimeoutCard } from '../components/timeout-card.tsx';
import './profile-page.css';

/**
 * spec §2 /user/index, the personal centre (every signed-in account, about itself): personal
 * information, password, e-mail, phone and session timeout, each a card of its own.
 */
export default function ProfilePage() {
  const { t } = useTranslation('user-profile');
  const current = useCurrentUser();
  const user = current.data;

  if (!user) {
    return current.isError ? (
      <Alert type="error" showIcon title={errorMessage(current.error)} />
    ) : (
      <PageSpin />
    );
  }
  return (
    <div className="profile" data-testid="profile-page" aria-label={t('title')}>
      <ProfileInfoCard user={user} />
      <PasswordCard />
      <EmailCard current={user.Email} />
      <PhoneCard current={user.Phone} />
      <TimeoutCard />
    </div>
  );
}
