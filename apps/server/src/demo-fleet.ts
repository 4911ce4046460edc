import { DEMO_FLEET, createDemoFleet, planFleet, type Fleet } from '@netconsole/device-sim';
import type { Services } from './app.ts';
import { isAppError } from './platform/http/app-error.ts';

const ADMIN = { tenantId: null, admin: true };

/**
 * Demo mode's fleet: 24 simulated devices on three sites, registered to the demo tenant through
 * the device service and connected to this server's own broker through the published protocol,
 * so the console is alive on first sight.
 */
export async function startDemoFleet(
  services: Services,
  brokerUrl: string,
  factoryKeyHex: string,
): Promise<Fleet | null> {
  const tenant = await services.tenants.findByName(ADMIN, 'Demo Networks');
  if (!tenant) return null;
  const scope = { tenantId: tenant.id, admin: false };
  for (const d of planFleet(DEMO_FLEET).networks.flatMap((n) => n.devices)) {
    try {
      await services.devices.add(scope, { SN: d.sn, MAC: d.mac, Alias: d.name, Type: d.type });
    } catch (err) {
      // Registered on an earlier start: nothing to do.
      if (!isAppError(err)) throw err;
    }
  }
  const fleet = createDemoFleet({ url: brokerUrl, factoryKey: factoryKeyHex });
  await fleet.start();
  return fleet;
}
