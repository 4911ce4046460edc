/**
 * The fleet of `npm run bench:firmware`: networks of access points behind a router and switches,
 * every access point the same model (one image fits them all, as the issue asks: "1,000 devices of
 * that model"). The bench and its fleet process build it from the same seed, so they agree on SNs.
 */
import { MODELS, planFleet, type FleetPlan, type NetworkSpec } from '@netconsole/device-sim';
import { DeviceType } from '@netconsole/contract';

/** The model the image is for: the catalogue's most common access point (32 MB of room). */
export const BENCH_MODEL = MODELS.A1!;

/** Networks of at most `apsPerNetwork` APs, a switch per 40 of them (the plan's most per switch). */
export function layout(aps: number, apsPerNetwork: number): NetworkSpec[] {
  const out: NetworkSpec[] = [];
  for (let left = aps; left > 0; left -= apsPerNetwork) {
    const n = Math.min(left, apsPerNetwork);
    out.push({ switches: Math.ceil(n / 40), aps: n, wiredPerSwitch: 0 });
  }
  return out;
}

/** The plan with every access point made a BENCH_MODEL running its catalogue version. */
export function firmwarePlan(networks: NetworkSpec[], seed: string, snPrefix: string): FleetPlan {
  const plan = planFleet({ networks, seed, snPrefix });
  for (const n of plan.networks)
    for (const d of n.devices)
      if (d.type === DeviceType.AP) {
        d.model = BENCH_MODEL.model;
        d.hwVersion = BENCH_MODEL.hwVersion;
        d.fwVersion = BENCH_MODEL.fwVersion;
      }
  return plan;
}
