import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** spec §6: alarms by mail need the account's e-mail; the personal centre is where it is bound. */
export const PROFILE_PATH = '/user/index';

/** The server's 16004 "set mail address first" (or the hint before it), with the way to fix it. */
export function MailFirst({ text, type = 'error' }: { text: string; type?: 'error' | 'info' }) {
  const { t } = useTranslation('alarm-settings');
  return (
    <Alert
      type={type}
      showIcon
      className="alarm-alert"
      title={text}
      description={
        <Link to={PROFILE_PATH} data-testid="alarm-mail-first-link">
          {t('settings.mailFirstLink')}
        </Link>
      }
      data-testid={type === 'error' ? 'alarm-mail-first' : 'alarm-mail-hint'}
    />
  );
}
