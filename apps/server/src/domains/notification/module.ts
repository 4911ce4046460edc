/**
 * The notification domain: alarms told to people through mail, SMS, WeChat, app push and signed
 * webhooks, grouped into digests and rate-limited, every send recorded; maintenance windows.
 * Placeholder: a helper session is building it.
 */
import { defineModule } from '../../platform/module.ts';

export const notificationModule = defineModule({
  name: 'notification',
  needs: {},
  build: () => ({}),
});
