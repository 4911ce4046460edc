/**
 * The notification domain: alarms told to people through mail, SMS, WeChat, app push and signed
 * webhooks, grouped into digests and rate-limited, every send recorded; maintenance windows
 * (docs/notifications.md).
 */
import { defineModule } from '../../platform/module.ts';
import { alarmModule } from '../alarm/module.ts';
import { messageModule } from '../message/module.ts';
import { createAlertChannels } from './channels.ts';
import { DeliveryWindows } from './delivery-windows.ts';
import { NotificationDispatcher } from './dispatcher.ts';
import { notificationRoutes } from './routes.ts';
import { MaintenanceService, NotificationSettings } from './service.ts';

export const notificationModule = defineModule({
  name: 'notification',
  needs: { alarm: alarmModule, message: messageModule },
  build(p, { alarm, message }) {
    const maintenance = new MaintenanceService(p.db, p.clock);
    const notificationSettings = new NotificationSettings(p.db, p.clock);
    const notifier = new NotificationDispatcher({
      db: p.db,
      clock: p.clock,
      log: p.log,
      jobs: p.jobs,
      // design-17 §2: whom the network's alarm settings name for each type.
      targets: alarm.alarmTargets,
      messages: message.messages,
      maintenance,
      channels: createAlertChannels(p.config.notify, p.config.alerts, p.notify),
      digestWindowMs: p.config.alerts.digestWindowMs,
    });
    notifier.define();
    p.events.on('alarm.raised', (n) => notifier.onAlarm('raised', n));
    p.events.on('alarm.cleared', (n) => notifier.onAlarm('cleared', n));
    // Deliveries started with `Maintenance` mute their networks while they run (delivery-windows.ts).
    const deliveryWindows = new DeliveryWindows(p.db, p.clock);
    p.events.on('delivery.maintenance', (n) => deliveryWindows.open(n));
    p.events.on('delivery.ended', (n) => deliveryWindows.end(n));
    return { maintenance, notificationSettings, notifier };
  },
  routes(app, { notificationSettings, maintenance }) {
    notificationRoutes(app, notificationSettings, maintenance);
  },
});
