/**
 * The fleet of `npm run bench:alarms`: networks whose routers have switches with access points
 * behind them, cabled as the simulator's plan does it (router → switch → APs), so the console
 * draws each tree from the devices' LLDP reports. The first networks are the ones that lose power:
 * each has `perNetwork` switches that go dark with their APs, under a core switch that stays up when
 * there are several (the plan hangs every further switch from the core). The rest of the devices
 * fill ordinary networks of ~100 (as bench:ingest lays them out). The bench and its fleet process
 * build it from the same spec and seed, so they agree on SNs.
 */
import { DeviceType } from '@netconsole/contract';
import { layoutNetworks, planFleet, type FleetPlan, type NetworkSpec } from '@netconsole/device-sim';

export interface AlarmFleetSpec {
  devices: number;
  /** Switches that lose power, and the APs behind them in all (spread evenly). */
  switches: number;
  aps: number;
  /** Of those switches, how many share one network. */
  perNetwork: number;
  seed: string;
  snPrefix: string;
}

/** Devices a network of the ordinary part holds (bench:ingest's layout). */
const DEVICES_PER_NETWORK = 100;
/** The simulator's plan cables at most 40 APs to a switch (device-sim plan.ts). */
const MAX_APS_PER_SWITCH = 40;
/** The plan hangs switches 2-8 from the core, the next ones from those: a dark switch must not be under another. */
export const PER_NETWORK_MAX = 7;

/** The networks: the hit ones first, then the ordinary ones. Throws a RangeError on an impossible spec. */
export function layout(s: AlarmFleetSpec): { networks: NetworkSpec[]; hit: number } {
  if (s.aps % s.switches !== 0) throw new RangeError('--aps must be a multiple of --switches');
  const apsPerSwitch = s.aps / s.switches;
  if (apsPerSwitch > MAX_APS_PER_SWITCH)
    throw new RangeError(`at most ${MAX_APS_PER_SWITCH} APs behind one switch`);
  if (s.perNetwork > PER_NETWORK_MAX) throw new RangeError(`--per-network: at most ${PER_NETWORK_MAX}`);
  if (s.switches % s.perNetwork !== 0) throw new RangeError('--switches must be a multiple of --per-network');
  const hit = s.switches / s.perNetwork;
  // One switch: it hangs from the router. Several: a core switch (staying up) carries them.
  const switchesEach = s.perNetwork === 1 ? 1 : s.perNetwork + 1;
  const networks: NetworkSpec[] = Array.from({ length: hit }, () => ({
    switches: switchesEach,
    aps: switchesEach * apsPerSwitch,
    ac: false,
    wiredPerSwitch: 0,
  }));
  const used = hit * (1 + switchesEach + switchesEach * apsPerSwitch);
  if (used > s.devices)
    throw new RangeError(`the hit networks alone need ${used} devices: raise --devices or lower --aps`);
  const rest = s.devices - used;
  if (rest > 0) networks.push(...layoutNetworks(Math.max(1, Math.ceil(rest / DEVICES_PER_NETWORK)), rest));
  return { networks, hit };
}

export function alarmPlan(s: AlarmFleetSpec): FleetPlan {
  return planFleet({ networks: layout(s).networks, seed: s.seed, snPrefix: s.snPrefix });
}

/** One switch that loses power and the APs cabled to it. */
export interface Outage {
  network: number;
  switchSn: string;
  apSns: string[];
}

/**
 * The switches that lose power and their APs: in each hit network every switch but the core (or
 * the only switch), with the APs whose parent it is.
 */
export function outages(plan: FleetPlan, s: AlarmFleetSpec): Outage[] {
  const { hit } = layout(s);
  const out: Outage[] = [];
  for (const net of plan.networks.slice(0, hit)) {
    const switches = net.devices.filter((d) => d.type === DeviceType.Switch);
    const dark = s.perNetwork === 1 ? switches : switches.slice(1);
    for (const sw of dark) {
      out.push({
        network: net.index,
        switchSn: sw.sn,
        apSns: net.devices.filter((d) => d.type === DeviceType.AP && d.parentSn === sw.sn).map((d) => d.sn),
      });
    }
  }
  return out;
}
