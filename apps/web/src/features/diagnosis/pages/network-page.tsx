import { useTranslation } from 'react-i18next';
import { DispatchPage } from '../components/dispatch-page.tsx';

/**
 * spec §2 /maintenance/diagnose_network: ping or MTR from chosen devices towards IP addresses or
 * domains (the default probe domains to start with); each device's result arrives live.
 */
export default function NetworkPage() {
  const { t } = useTranslation('diagnosis-network');
  return <DispatchPage kind="network" intro={t('intro')} />;
}
