/**
 * The fleet plan: which devices exist, their identity (SN, MACs, model, addresses) and how they are
 * cabled (router → switches → APs, per network). Pure data, computed from the spec and the seed
 * alone, so the same seed always gives the same fleet, and an operator (or the server's demo mode)
 * can know the SNs before any device connects.
 */
import { DeviceType, SN_RE } from '@netconsole/contract';
import type { WifiBand } from '@netconsole/contract';
import { hash32, Rng } from './prng.ts';

export interface ModelInfo {
  model: string;
  type: DeviceType;
  hwVersion: string;
  fwVersion: string;
  /** Physical ports; on routers port 1 is the WAN port. */
  ports: number;
  poeBudgetW?: number;
  radios?: readonly WifiBand[];
  maxClients?: number;
  memTotalKB: number;
  /** Room for a firmware image (bytes): bigger ones are rejected `storage_full`. */
  storageBytes: number;
  /** Speed of the ports, Mbit/s. */
  portMbps: number;
}

const MB = 1024 * 1024;

/** The console's catalogue (spec §9: models A1-C3): A APs, B switches, C routers and the controller. */
export const MODELS: Readonly<Record<string, ModelInfo>> = {
  A1: {
    model: 'A1',
    type: DeviceType.AP,
    hwVersion: 'HW1.0',
    fwVersion: 'v2.00.002',
    ports: 1,
    radios: ['2.4', '5'],
    maxClients: 128,
    memTotalKB: 262_144,
    storageBytes: 32 * MB,
    portMbps: 1000,
  },
  A2: {
    model: 'A2',
    type: DeviceType.AP,
    hwVersion: 'HW1.0',
    fwVersion: 'v2.00.002',
    ports: 1,
    radios: ['2.4', '5'],
    maxClients: 256,
    memTotalKB: 524_288,
    storageBytes: 64 * MB,
    portMbps: 1000,
  },
  A3: {
    model: 'A3',
    type: DeviceType.AP,
    hwVersion: 'HW2.0',
    fwVersion: 'v2.10.001',
    ports: 1,
    radios: ['2.4', '5', '6'],
    maxClients: 512,
    memTotalKB: 1_048_576,
    storageBytes: 128 * MB,
    portMbps: 2500,
  },
  B1: {
    model: 'B1',
    type: DeviceType.Switch,
    hwVersion: 'HW1.0',
    fwVersion: 'v1.02.005',
    ports: 8,
    poeBudgetW: 120,
    memTotalKB: 131_072,
    storageBytes: 32 * MB,
    portMbps: 1000,
  },
  B2: {
    model: 'B2',
    type: DeviceType.Switch,
    hwVersion: 'HW1.0',
    fwVersion: 'v1.02.005',
    ports: 24,
    poeBudgetW: 370,
    memTotalKB: 262_144,
    storageBytes: 64 * MB,
    portMbps: 1000,
  },
  B3: {
    model: 'B3',
    type: DeviceType.Switch,
    hwVersion: 'HW2.0',
    fwVersion: 'v1.03.001',
    ports: 48,
    poeBudgetW: 740,
    memTotalKB: 524_288,
    storageBytes: 64 * MB,
    portMbps: 1000,
  },
  C1: {
    model: 'C1',
    type: DeviceType.Router,
    hwVersion: 'HW1.0',
    fwVersion: 'v3.01.004',
    ports: 5,
    memTotalKB: 524_288,
    storageBytes: 64 * MB,
    portMbps: 1000,
  },
  C2: {
    model: 'C2',
    type: DeviceType.Router,
    hwVersion: 'HW2.0',
    fwVersion: 'v3.01.004',
    ports: 9,
    memTotalKB: 1_048_576,
    storageBytes: 128 * MB,
    portMbps: 1000,
  },
  C3: {
    model: 'C3',
    type: DeviceType.AC,
    hwVersion: 'HW1.0',
    fwVersion: 'v4.00.003',
    ports: 1,
    maxClients: 4096,
    memTotalKB: 2_097_152,
    storageBytes: 256 * MB,
    portMbps: 1000,
  },
};

export type EndpointKind = 'pc' | 'phone' | 'printer' | 'camera';

/** A wired host on a switch port (or a router LAN port): the router reports it as a wired client. */
export interface EndpointPlan {
  port: number;
  mac: string;
  ip: string;
  name: string;
  kind: EndpointKind;
}

export interface DevicePlan {
  sn: string;
  type: DeviceType;
  model: string;
  hwVersion: string;
  fwVersion: string;
  /** The base MAC printed on the label. */
  mac: string;
  /** Other MACs: radio BSSIDs (APs), the WAN interface (routers). */
  macs: string[];
  /** LLDP system name. */
  name: string;
  ip: string;
  network: number;
  parentSn: string | null;
  /** The parent's port this device is cabled to. */
  parentPort: number | null;
  /** This device's own port towards the parent. */
  uplinkPort: number | null;
  /** Access controller managing this AP. */
  acSn?: string;
  /** Seconds the device has been running when the simulation starts. */
  uptimeS: number;
  endpoints: EndpointPlan[];
}

export interface NetworkPlan {
  index: number;
  name: string;
  /** Management subnet (a /20): devices from .1, clients from offset 2048. */
  subnet: { base: number; mask: string; gateway: string };
  wan: { ip: string; gateway: string; proto: 'dhcp' | 'pppoe' };
  ssids: string[];
  /** Client addresses: offsets from `subnet.base`, after the planned wired hosts. */
  clientPool: { first: number; size: number };
  /** Router first, then switches (tree order), the AC, then the APs. */
  devices: DevicePlan[];
}

export interface FleetPlan {
  seed: string;
  snPrefix: string;
  networks: NetworkPlan[];
}

/** One network's composition. The router is its root; the AC is optional. */
export interface NetworkSpec {
  name?: string;
  switches: number;
  aps: number;
  ac?: boolean;
  /** Wired hosts per switch (PCs, phones, printers, cameras); default from the fleet spec. */
  wiredPerSwitch?: number;
}

export interface FleetSpec {
  /** A number of networks (then `devices` is the total, spread evenly) or an explicit list. */
  networks?: number | NetworkSpec[];
  devices?: number;
  snPrefix?: string;
  seed?: number | string;
  /** Every n-th network (with at least 8 devices) gets an access controller; 0: none. Default 3. */
  acEvery?: number;
  /** Wired hosts per switch; default 2. */
  wiredPerSwitch?: number;
}

export const DEFAULT_SN_PREFIX = 'SIM';
/** Most APs one switch takes (the rest of its ports carry switches, the AC and wired hosts). */
export const MAX_APS_PER_SWITCH = 40;
/** Child switches per switch: bigger networks get another level (core → distribution → access). */
const SWITCH_FAN_OUT = 8;
const DEVICES_PER_NETWORK_MAX = 2000;

const SSID_SETS: readonly string[][] = [
  ['Office', 'Guest'],
  ['Corp', 'Corp-Guest'],
  ['Shop-WiFi', 'Staff'],
  ['Campus', 'Visitors'],
  ['Hotel-Guest', 'Hotel-Staff'],
  ['Clinic', 'Clinic-Guest'],
];
const SITE_NAMES = [
  'HQ',
  'Warehouse',
  'Shop',
  'Campus',
  'Hotel',
  'Clinic',
  'Branch',
  'Factory',
  'Cafe',
  'School',
];
const ENDPOINT_KINDS: readonly EndpointKind[] = ['pc', 'pc', 'phone', 'phone', 'printer', 'camera'];

export function ipToString(n: number): string {
  return `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

export function macToString(n: number): string {
  return n.toString(16).toUpperCase().padStart(12, '0');
}

function snOf(prefix: string, tag: string, index: number): string {
  const sn = `${prefix}${tag}${String(index).padStart(6, '0')}`;
  if (!SN_RE.test(sn)) throw new RangeError(`SN prefix ${JSON.stringify(prefix)} gives an invalid SN ${sn}`);
  return sn;
}

const TAGS: Record<DeviceType, string> = {
  [DeviceType.AC]: 'AC',
  [DeviceType.AP]: 'AP',
  [DeviceType.Switch]: 'SW',
  [DeviceType.Router]: 'RT',
};

/** The networks' compositions for a total of devices spread over `count` networks. */
export function layoutNetworks(count: number, devices: number, acEvery = 3): NetworkSpec[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('networks: at least 1');
  if (!Number.isInteger(devices) || devices < count)
    throw new RangeError('devices: at least one per network');
  const out: NetworkSpec[] = [];
  for (let i = 0; i < count; i++) {
    const d = Math.floor(devices / count) + (i < devices % count ? 1 : 0);
    let rest = d - 1;
    const ac = acEvery > 0 && i % acEvery === acEvery - 1 && d >= 8;
    if (ac) rest--;
    const switches = rest <= 2 ? 0 : Math.max(1, Math.ceil(rest / 14));
    out.push({ switches, aps: rest - switches, ac });
  }
  return out;
}

/** Builds the plan. Throws a RangeError on an impossible spec (the CLI prints it). */
export function planFleet(spec: FleetSpec = {}): FleetPlan {
  const seed = String(spec.seed ?? 1);
  const snPrefix = spec.snPrefix ?? DEFAULT_SN_PREFIX;
  if (!/^[A-Z0-9]{0,24}$/.test(snPrefix)) throw new RangeError('SN prefix: at most 24 of A-Z and 0-9');
  const specs = Array.isArray(spec.networks)
    ? spec.networks
    : layoutNetworks(spec.networks ?? 1, spec.devices ?? 10, spec.acEvery ?? 3);
  if (specs.length > 4000) throw new RangeError('at most 4000 networks');
  const rng = new Rng(seed);
  // Three bytes of the MAC come from the prefix and seed, so fleets with other prefixes differ.
  const macHigh = (0x0c0000 | (hash32(`${snPrefix}/${seed}`) & 0xffff)) * 0x1000000;
  let deviceIndex = 0;
  const networks: NetworkPlan[] = [];
  specs.forEach((ns, index) => {
    const nrng = rng.fork(`net${index}`);
    const total = 1 + ns.switches + ns.aps + (ns.ac ? 1 : 0);
    if (ns.switches < 0 || ns.aps < 0 || !Number.isInteger(ns.switches) || !Number.isInteger(ns.aps))
      throw new RangeError(`network ${index + 1}: switches and APs are counts`);
    if (total > DEVICES_PER_NETWORK_MAX)
      throw new RangeError(`network ${index + 1}: at most ${DEVICES_PER_NETWORK_MAX} devices`);
    if (ns.switches === 0 && ns.aps + (ns.ac ? 1 : 0) > 4)
      throw new RangeError(`network ${index + 1}: without a switch the router takes at most 4 devices`);
    if (ns.switches > 0 && ns.aps > ns.switches * MAX_APS_PER_SWITCH)
      throw new RangeError(`network ${index + 1}: at most ${MAX_APS_PER_SWITCH} APs per switch`);
    const base = ((10 << 24) >>> 0) + (index + 1) * 4096;
    const wanBase = ((198 << 24) | (18 << 16)) + index * 4;
    const net: NetworkPlan = {
      index,
      name:
        ns.name ?? `${SITE_NAMES[index % SITE_NAMES.length]} ${Math.floor(index / SITE_NAMES.length) + 1}`,
      subnet: { base, mask: '255.255.240.0', gateway: ipToString(base + 1) },
      wan: {
        ip: ipToString(wanBase + 2),
        gateway: ipToString(wanBase + 1),
        proto: nrng.pick(['dhcp', 'pppoe']),
      },
      ssids: [...nrng.pick(SSID_SETS)],
      clientPool: { first: 2048, size: 0 },
      devices: [],
    };
    const slug = `n${index + 1}`;
    let hostOffset = 1;
    let endpointOffset = 2048;
    const make = (type: DeviceType, model: string, name: string): DevicePlan => {
      deviceIndex++;
      const info = MODELS[model]!;
      const mac = macHigh + ((deviceIndex * 8) % 0x1000000);
      const macs: string[] = [];
      if (info.radios) {
        // One BSSID per SSID per radio.
        for (let r = 0; r < info.radios.length; r++)
          for (let s = 0; s < Math.min(2, net.ssids.length); s++) macs.push(macToString(mac + 1 + r * 2 + s));
      } else if (type === DeviceType.Router) macs.push(macToString(mac + 1));
      const uptimeS =
        type === DeviceType.Router
          ? nrng.int(86_400, 60 * 86_400)
          : type === DeviceType.AP
            ? nrng.int(600, 30 * 86_400)
            : nrng.int(3600, 60 * 86_400);
      return {
        sn: snOf(snPrefix, TAGS[type], deviceIndex),
        type,
        model,
        hwVersion: info.hwVersion,
        fwVersion: info.fwVersion,
        mac: macToString(mac),
        macs,
        name,
        ip: ipToString(base + hostOffset++),
        network: index,
        parentSn: null,
        parentPort: null,
        uplinkPort: null,
        uptimeS,
        endpoints: [],
      };
    };
    const router = make(DeviceType.Router, total > 30 ? 'C2' : 'C1', `${slug}-gw`);
    net.devices.push(router);
    // Ports in use per device: next free port number.
    const nextPort = new Map<string, number>([[router.sn, 2]]);
    const attach = (child: DevicePlan, parent: DevicePlan) => {
      const port = nextPort.get(parent.sn)!;
      nextPort.set(parent.sn, port + 1);
      child.parentSn = parent.sn;
      child.parentPort = port;
      child.uplinkPort = 1;
      if (!nextPort.has(child.sn)) nextPort.set(child.sn, 2);
    };
    const switches: DevicePlan[] = [];
    for (let k = 0; k < ns.switches; k++) {
      const sw = make(DeviceType.Switch, 'B2', k === 0 ? `${slug}-core` : `${slug}-sw${k + 1}`);
      attach(sw, k === 0 ? router : switches[Math.floor((k - 1) / SWITCH_FAN_OUT)]!);
      switches.push(sw);
      net.devices.push(sw);
    }
    if (ns.ac) {
      const ac = make(DeviceType.AC, 'C3', `${slug}-ac`);
      attach(ac, switches[0] ?? router);
      net.devices.push(ac);
    }
    const acSn = ns.ac ? net.devices[net.devices.length - 1]!.sn : undefined;
    const apModels = ['A1', 'A1', 'A2', 'A3'];
    for (let k = 0; k < ns.aps; k++) {
      const ap = make(DeviceType.AP, nrng.pick(apModels), `${slug}-ap${k + 1}`);
      attach(ap, switches.length ? switches[k % switches.length]! : router);
      if (acSn) ap.acSn = acSn;
      net.devices.push(ap);
    }
    // Wired hosts on the remaining ports, then the smallest switch model that fits.
    const wired = ns.wiredPerSwitch ?? spec.wiredPerSwitch ?? 2;
    const hosts = switches.length ? switches : [router];
    for (const host of hosts) {
      const count = switches.length ? wired : Math.min(1, wired);
      for (let e = 0; e < count; e++) {
        const port = nextPort.get(host.sn)!;
        if (host.type === DeviceType.Router && port > MODELS[host.model]!.ports) break;
        nextPort.set(host.sn, port + 1);
        const kind = nrng.pick(ENDPOINT_KINDS);
        host.endpoints.push({
          port,
          mac: nrng.pick(ENDPOINT_OUIS) + nrng.hex(6),
          ip: ipToString(base + endpointOffset++),
          name: `${kind}-${slug}-${host.endpoints.length + 1 + hosts.indexOf(host) * wired}`,
          kind,
        });
      }
    }
    for (const sw of switches) {
      const used = nextPort.get(sw.sn)! - 1;
      if (used > 48) throw new RangeError(`network ${index + 1}: switch ${sw.sn} needs ${used} ports`);
      sw.model = used <= 8 ? 'B1' : used <= 24 ? 'B2' : 'B3';
      sw.hwVersion = MODELS[sw.model]!.hwVersion;
      sw.fwVersion = MODELS[sw.model]!.fwVersion;
    }
    // The wired hosts took the first offsets after 2048; clients get the rest of the /20.
    net.clientPool = { first: endpointOffset, size: 4094 - endpointOffset };
    networks.push(net);
  });
  return { seed, snPrefix, networks };
}

/** OUIs of common client vendors (phones, laptops, printers), for plausible client MACs. */
export const CLIENT_OUIS = [
  'A4C3F0',
  '3C22FB',
  'F01898',
  'ACBC32',
  '8C8590',
  'DC2B2A',
  '94E979',
  '48A472',
  '00E04C',
  '5C5F67',
  'B827EB',
  'E45F01',
];
const ENDPOINT_OUIS = ['00155D', '001B21', '0004F2', '00085D', '3C2AF4', '000E58'];

/** Every SN of a plan, network by network (what an operator registers for a tenant). */
export function planSns(plan: FleetPlan): string[] {
  return plan.networks.flatMap((n) => n.devices.map((d) => d.sn));
}
