/** The store for `npm run bench:api`: the tenant's networks, and the simulator's devices placed in them as its plan cables them. */
import type { FleetPlan } from '@netconsole/device-sim';
import type { Api } from '../ingest/api.ts';
import { inParallel } from '../support/parallel.ts';

/** SN → _id of every device of the tenant (the device list, 500 a page). */
export async function deviceIds(tenant: Api): Promise<Map<string, string>> {
  const devices = await tenant.all<{ _id: string; SN: string }>('/v1/device/list');
  return new Map(devices.map((d) => [d.SN, d._id]));
}

/**
 * One network per planned network (the plan's name, a point on the map), then its devices through
 * PUT /v1/device/netlist with the router as the main device. Returns the networks' ids in plan order.
 */
export async function placeFleet(
  tenant: Api,
  plan: FleetPlan,
  ids: ReadonlyMap<string, string>,
  parallel: number,
): Promise<string[]> {
  const networks: string[] = new Array<string>(plan.networks.length);
  await inParallel(plan.networks.length, parallel, async (i) => {
    const n = plan.networks[i]!;
    const created = await tenant.call<{ list: { _id: string } }>('POST', '/v1/network/createNet', {
      Name: `${n.name} (${i + 1})`,
      Location: {
        longitude: 116 + (i % 50) / 10,
        latitude: 30 + Math.floor(i / 50) / 10,
        address: `Site ${i + 1}`,
      },
    });
    const id = created.list._id;
    networks[i] = id;
    const idOf = (sn: string) => {
      const found = ids.get(sn);
      if (!found) throw new Error(`device ${sn} of the plan is not registered`);
      return found;
    };
    const router = n.devices[0]!;
    await tenant.call('PUT', '/v1/device/netlist', {
      Parent: id,
      Main: idOf(router.sn),
      devices: n.devices.map((d) => idOf(d.sn)),
    });
  });
  return networks;
}
