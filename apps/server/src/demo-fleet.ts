import { DEMO_FLEET, createDemoFleet, planFleet, type Fleet, type NetworkPlan } from '@netconsole/device-sim';
import { deliveryBody, firmwareDispatchBody } from '@netconsole/contract';
import type { Scope } from './platform/auth/guard.ts';
import type { Services } from './app.ts';
import { isAppError } from './platform/http/app-error.ts';
import type { Db } from './platform/store/db.ts';
import { withStartLock } from './bootstrap.ts';
import { seedAlarmDemo } from './domains/alarm/demo.ts';
import { seedLogDemo } from './domains/log/demo.ts';
import { seedAnalyticsDemo } from './domains/analytics/demo.ts';
import { seedBehaviourDemo } from './domains/behaviour/demo.ts';
import { seedNotificationDemo } from './domains/notification/demo.ts';
import { seedDiagnosisDemo } from './domains/diagnosis/demo.ts';
import { seedTimerDemo } from './domains/diagnosis-timer/demo.ts';

const ADMIN = { tenantId: null, admin: true };

/**
 * Demo mode's fleet: 24 simulated devices on three sites, registered to the demo tenant through
 * the device service and connected to this server's own broker through the published protocol,
 * so the console is alive on first sight. Registered and placed under the start lock, so nodes
 * started together do not both create the sites.
 */
export async function startDemoFleet(
  services: Services,
  brokerUrl: string,
  factoryKeyHex: string,
  db: Db,
  /** The demo was seeded by this start: its first deliveries go out once the fleet is up. */
  fresh = false,
): Promise<Fleet | null> {
  const tenant = await services.tenants.findByName(ADMIN, 'Demo Networks');
  if (!tenant) return null;
  const scope = { tenantId: tenant.id, admin: false };
  const plan = planFleet(DEMO_FLEET);
  await withStartLock(db, async () => {
    for (const d of plan.networks.flatMap((n) => n.devices)) {
      try {
        await services.devices.add(scope, { SN: d.sn, MAC: d.mac, Alias: d.name, Type: d.type });
      } catch (err) {
        // Registered on an earlier start: nothing to do.
        if (!isAppError(err)) throw err;
      }
    }
    await placeDemoDevices(services, scope, plan.networks);
  });
  if (fresh) await seedAreaDemos(services, db, scope, tenant.id);
  const fleet = createDemoFleet({ url: brokerUrl, factoryKey: factoryKeyHex });
  await fleet.start();
  if (fresh) {
    await deliverDemoProfiles(services, scope, tenant.id);
    // Waits for the warehouse's hellos (their models): in the background, not on the start's path.
    void upgradeDemoDevices(services, scope, tenant.id).catch((err: unknown) =>
      console.error('the demo upgrade did not start:', err),
    );
  }
  return fleet;
}

/**
 * On the demo's first start, once its devices are registered and placed: the alarm settings and a
 * few alarms, audit entries and device logs, a webhook and a maintenance window, diagnosis runs
 * and a timer, so /log/*, /maintenance/* and the dashboard's alarms open on something real.
 */
async function seedAreaDemos(services: Services, db: Db, scope: Scope, tenantId: string): Promise<void> {
  const owner = (await services.users.ownersOf(ADMIN, [tenantId])).get(tenantId);
  if (!owner) return;
  const now = Date.now();
  await seedAlarmDemo(
    db,
    { settings: services.alarmSettings, engine: services.alarmEngine },
    tenantId,
    owner,
    now,
  );
  await seedLogDemo(db, tenantId, now);
  await seedAnalyticsDemo(db, services.analytics, tenantId, now);
  await seedBehaviourDemo(
    db,
    tenantId,
    (await services.networks.all(scope)).list.map((n) => n._id),
    now,
  );
  await seedNotificationDemo(
    services,
    scope,
    { userId: owner.id, username: owner.username },
    (await services.networks.all(scope)).list,
    now,
  );
  const devices = (await services.devices.all(scope, {})).list;
  await seedDiagnosisDemo(db, tenantId, owner, devices, (await services.networks.all(scope)).list, now);
  await seedTimerDemo(services, scope, { userId: owner.id, username: owner.username }, devices);
}

/**
 * On the demo's first start, the office profile goes to the head office's APs and the switch
 * profile to every switch, through the delivery engine like any delivery: the configuration
 * screens open on deliveries the simulated devices really confirmed, and devices that run them.
 */
async function deliverDemoProfiles(services: Services, scope: Scope, tenantId: string): Promise<void> {
  const owner = (await services.users.ownersOf(ADMIN, [tenantId])).get(tenantId);
  if (!owner) return;
  const actor = { scope, userId: owner.id, username: owner.username };
  const profiles = (await services.configs.all(scope, {})).list;
  const networks = (await services.networks.all(scope)).list;
  const devices = (await services.devices.all(scope, {})).list;
  const office = networks.find((n) => n.Name === 'Head office')?._id;
  const plans = [
    { profile: 'Office Wi-Fi', devices: devices.filter((d) => d.Type === 2 && d.Parent === office) },
    { profile: 'Access switch', devices: devices.filter((d) => d.Type === 3) },
  ];
  for (const plan of plans) {
    const profile = profiles.find((p) => p.Name === plan.profile);
    if (!profile || plan.devices.length === 0) continue;
    await services.dispatch.dispatch(
      actor,
      deliveryBody.parse({ _id: profile._id, devices: plan.devices.map((d) => d._id) }),
      'tenant',
    );
  }
}

/**
 * On the demo's first start, the warehouse's devices get the library's newer image of their model
 * (apps/server/src/domains/firmware/demo.ts), through the firmware dispatch like any upgrade: the
 * upgrade and history screens open on upgrades the simulated devices really applied, and the library
 * shows those devices on the new version while the other sites' are behind.
 */
async function upgradeDemoDevices(services: Services, scope: Scope, tenantId: string): Promise<void> {
  const owner = (await services.users.ownersOf(ADMIN, [tenantId])).get(tenantId);
  if (!owner) return;
  const actor = { scope, userId: owner.id, username: owner.username };
  const warehouse = (await services.networks.all(scope)).list.find((n) => n.Name === 'Warehouse')?._id;
  // A device's model and hardware version come with its first `hello`: wait for the warehouse's.
  let devices = (await services.devices.all(scope, {})).list.filter((d) => d.Parent === warehouse);
  for (let i = 0; i < 150 && devices.some((d) => !d.Model || !d.HWVersion); i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    devices = (await services.devices.all(scope, {})).list.filter((d) => d.Parent === warehouse);
  }
  const images = (await services.images.all(scope, {})).list;
  // One upgrade per model and hardware version (an image fits only its own).
  for (const image of images) {
    const fit = devices.filter((d) => d.Model === image.Model && d.HWVersion === image.HWVersion);
    if (fit.length === 0) continue;
    await services.firmwareDispatch.dispatch(
      actor,
      firmwareDispatchBody.parse({ _id: image._id, devices: fit.map((d) => d._id), Validity: 0 }),
    );
  }
}

/** Where the demo's sites are (the spec's default centre, then Shanghai and Shenzhen). */
const DEMO_SITES: Record<string, { longitude: number; latitude: number; address: string }> = {
  'Head office': { longitude: 116.404, latitude: 39.915, address: 'Dongcheng District, Beijing' },
  Shop: { longitude: 121.4737, latitude: 31.2304, address: 'Huangpu District, Shanghai' },
  Warehouse: { longitude: 113.9305, latitude: 22.5329, address: 'Nanshan District, Shenzhen' },
};

/** Each planned network exists, its router the main device and the other devices in it. */
async function placeDemoDevices(services: Services, scope: Scope, networks: NetworkPlan[]): Promise<void> {
  const bySn = new Map((await services.devices.all(scope, {})).list.map((d) => [d.SN, d]));
  const existing = new Map((await services.networks.all(scope)).list.map((n) => [n.Name, n._id]));
  for (const n of networks) {
    const location = DEMO_SITES[n.name] ?? { longitude: 116.404, latitude: 39.915, address: '' };
    const id =
      existing.get(n.name) ??
      (await services.networks.create(scope, { Name: n.name, Location: location })).list._id;
    const members = n.devices.map((d) => bySn.get(d.sn)).filter((d) => d !== undefined);
    const outside = members.filter((d) => d.Parent === null);
    if (outside.length === 0) continue;
    const router = members.find((d) => d.Type === 4);
    const main = router && router.Parent === null ? { Main: router._id } : {};
    await services.networks.netList(scope, { Parent: id, devices: outside.map((d) => d._id), ...main });
  }
}
