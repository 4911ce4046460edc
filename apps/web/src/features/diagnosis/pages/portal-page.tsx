import { useTranslation } from 'react-i18next';
import { DispatchPage } from '../components/dispatch-page.tsx';

/**
 * spec §2 /maintenance/diagnose_portal: from chosen devices, whether the guest portal's page and
 * its RADIUS servers answer (HTTP status, RADIUS Status-Server reply, time), and the ping towards
 * their hosts; each device's result arrives live.
 */
export default function PortalPage() {
  const { t } = useTranslation('diagnosis-portal');
  return <DispatchPage kind="portal" intro={t('intro')} />;
}
