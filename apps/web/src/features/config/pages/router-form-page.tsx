import { DeviceType } from '@netconsole/contract';
import { ProfileFormPage } from '../components/profile-form-shell.tsx';
import { RouterSections } from '../components/router-fields.tsx';
import { ROUTER_LIST_PATH } from './paths.ts';
import './config.css';

/**
 * spec §2 /deviceconf/routerform (hidden): a router profile — the common parts
 * (profile-form-shell.tsx), the WAN and the LAN.
 */
export default function RouterFormPage() {
  return (
    <ProfileFormPage
      type={DeviceType.Router}
      ns="config-router"
      listPath={ROUTER_LIST_PATH}
      sections={(props) => <RouterSections {...props} />}
    />
  );
}
