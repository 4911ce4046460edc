/**
 * Demo data of notifications: a webhook endpoint (switched off: its address is an example) and a
 * maintenance window of the first network tomorrow night, so the settings and the maintenance list
 * open on something real. Records come by themselves once the simulated fleet raises alarms (mail
 * and SMS then go to the outbox).
 */
import type { Scope } from '../../platform/auth/guard.ts';
import type { MaintenanceService, NotificationSettings } from './service.ts';

const DAY_MS = 86_400_000;

export async function seedNotificationDemo(
  services: { notificationSettings: NotificationSettings; maintenance: MaintenanceService },
  scope: Scope,
  owner: { userId: string; username: string },
  networks: { _id: string }[],
  now: number,
): Promise<void> {
  await services.notificationSettings.addWebhook(scope, {
    Name: 'Ops chat (example)',
    Url: 'https://hooks.example.com/netconsole',
    Enabled: false,
    Levels: [2, 3],
  });
  const first = networks[0];
  if (!first) return;
  const tomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  await services.maintenance.add(
    scope,
    {
      sessionId: '',
      userId: owner.userId,
      username: owner.username,
      tenantId: scope.tenantId,
      role: 1,
      type: 1,
      roles: [],
    },
    {
      Network: first._id,
      Start: tomorrow + 3_600_000,
      End: tomorrow + 3 * 3_600_000,
      Reason: 'Switch firmware upgrade',
    },
  );
}
