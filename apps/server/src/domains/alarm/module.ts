/**
 * The alarm domain: per-network alarm settings (spec §3 Alarm settings, §7 ALARMS and LIMIT ALARM)
 * and the engine that raises and clears alarms from the device stream (protocol §11.4,
 * docs/alarms.md). The notification domain hears `alarm.raised` / `alarm.cleared` and asks
 * `alarmTargets.of` whom to tell.
 */
import type { Scope } from '../../platform/auth/guard.ts';
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { networkModule } from '../network/module.ts';
import { topologyModule } from '../topology/module.ts';
import { userModule } from '../user/module.ts';
import { AlarmService } from './alarms.ts';
import { AlarmEngine } from './engine.ts';
import { alarmRoutes } from './routes.ts';
import { AlarmSettings } from './settings.ts';
import './events.ts';
import '../diagnosis/alarm-hook.ts';

const SYSTEM: Scope = { tenantId: null, admin: true };

export const alarmModule = defineModule({
  name: 'alarm',
  needs: { device: deviceModule, network: networkModule, topology: topologyModule, user: userModule },
  build(p, { device, network, topology, user }) {
    const requireNetwork = (scope: Scope, id: string) => network.networks.require(scope, id);
    const settings: AlarmSettings = new AlarmSettings({
      db: p.db,
      clock: p.clock,
      accountEmail: async (principal) => (await user.users.accountOf(principal)).email,
      requireNetwork,
      limitFigure: (networkId, metric) => engine.limitFigure(networkId, metric),
    });
    const engine: AlarmEngine = new AlarmEngine({
      db: p.db,
      clock: p.clock,
      log: p.log,
      hub: p.hub,
      events: p.events,
      settings,
      peek: (sn) => device.live.peek(sn),
      tree: async (networkId) => (await topology.topology.info(SYSTEM, { _id: networkId })).list,
    });
    const alarms = new AlarmService(p.db, p.clock, engine, settings, requireNetwork);

    // The device domain's handlers run first (registered before): its rates are this report's.
    p.gateway.on('stats', (sn, m, now) => engine.stats(sn, m, now));
    p.gateway.on('ports', (sn, m, now) => engine.ports(sn, m, now));
    p.gateway.on('events', (sn, m, now) => engine.events(sn, m, now));
    p.gateway.on('lldp', (sn, m, now) => engine.lldp(sn, m, now));
    p.gateway.onSweep((now) => engine.sweep(now));
    device.live.onStatusChange((d) => engine.status(d));
    // A timer's diagnosis: poor or interrupted quality towards a target is the device's packet loss.
    p.events.on('diagnosis.quality', (n) => {
      engine.external(n.deviceId, n.alarmType, n.target, n.bad, n.at, n.lossPct);
    });
    p.events.on('network.devices', ({ networkIds }) => engine.networkChanged(networkIds));
    p.events.on('network.removed', async ({ scope, networkId }) => {
      engine.networkRemoved(networkId);
      await settings.networkRemoved(scope, networkId);
    });
    return { alarmSettings: settings, alarmTargets: settings, alarmEngine: engine, alarms };
  },
  routes(app, { alarmSettings, alarms }) {
    alarmRoutes(app, alarmSettings, alarms);
  },
  async start({ alarmSettings, alarmEngine }) {
    await alarmSettings.load();
    await alarmEngine.start();
  },
  // After the gateway stopped: the last transitions are written.
  stop: ({ alarmEngine }) => alarmEngine.stop(),
});
