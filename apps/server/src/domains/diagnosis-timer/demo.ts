/**
 * Demo data of the timers: one enabled timer pinging the default probe domains from a few of the
 * head office's APs every morning, and the tenant's two built-in tasks (disabled, as spec §4 has
 * them), so /maintenance/timer_list opens on something real. Its runs come by themselves each day.
 */
import { DEFAULT_PROBE_DOMAINS } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { TimerService } from './service.ts';

export async function seedTimerDemo(
  services: { timers: TimerService },
  scope: Scope,
  owner: { userId: string; username: string },
  devices: readonly { _id: string; Type: number | null }[],
): Promise<void> {
  const aps = devices.filter((d) => d.Type === 2).slice(0, 3);
  await services.timers.onTimeAll(scope);
  if (aps.length === 0) return;
  await services.timers.save(
    scope,
    { id: owner.userId, name: owner.username },
    {
      Name: 'Morning probe check',
      Descr: 'Ping the probe domains from three access points before the office opens',
      Data: { Hour: 8, Minute: 30, Second: 0 },
      Status: 1,
      TimeZone: 'Asia/Shanghai',
      Kind: 'network',
      Type: 1,
      Devices: aps.map((d) => d._id),
      Targets: [...DEFAULT_PROBE_DOMAINS],
      Count: 4,
      Size: 56,
    },
  );
}
