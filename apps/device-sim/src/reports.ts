/**
 * Payload bodies (everything after the envelope) of the reports a device publishes, built straight
 * from the device's model as plain objects: no validation on the way out (the tests parse every
 * message with the contract's schemas instead).
 */
import { DeviceType, PROTOCOL_LIMITS } from '@netconsole/contract';
import { applyPins } from './alarm-knobs.ts';
import type { SimDevice } from './device.ts';
import { macToString } from './plan.ts';
import { pickName } from './dns-names.ts';
import type { WifiClient, WiredHost } from './network.ts';

type Body = Record<string, unknown>;

const round1 = (x: number) => Math.round(x * 10) / 10;

// ---- hello and state ----

export function hello(dev: SimDevice): Body {
  const info = dev.info;
  const capabilities: Body = { commands: dev.capabilities, ports: info.ports };
  if (info.poeBudgetW) capabilities.poeBudgetW = info.poeBudgetW;
  if (info.radios) capabilities.radios = info.radios;
  if (info.maxClients) capabilities.maxClients = info.maxClients;
  capabilities.diagnosis = dev.type === DeviceType.Switch ? [1, 3] : [1, 2, 3];
  const body: Body = {
    bootId: dev.bootId,
    session: dev.session,
    type: dev.type,
    model: dev.model,
    hwVersion: dev.hwVersion,
    fwVersion: dev.fwVersion,
    mac: dev.mac,
  };
  if (dev.macs.length) body.macs = dev.macs;
  body.ip = dev.ip;
  body.uptimeS = dev.uptimeS;
  body.bootReason = dev.bootReason;
  if (dev.acSn) body.acSn = dev.acSn;
  body.capabilities = capabilities;
  return body;
}

export function state(dev: SimDevice): Body {
  const s = dev.settings;
  const body: Body = {
    ipMode: s.ipMode,
    ip: s.ip,
    mask: s.mask,
    gateway: s.gateway,
    dns1: s.dns1,
    dns2: s.dns2,
    config: dev.config,
  };
  if (dev.type === DeviceType.Router) {
    const wan = dev.net.plan.wan;
    body.publicIp = wan.ip;
    body.wan = [{ name: 'wan1', up: dev.powered, proto: wan.proto, ip: wan.ip, gateway: wan.gateway }];
  }
  if (dev.type === DeviceType.AP) {
    const base = parseInt(dev.mac, 16);
    const ssidCount = Math.min(2, s.ssids.length);
    body.radios = dev.radios.map((r, i) => {
      const bssids: string[] = [];
      if (r.enabled) for (let k = 0; k < ssidCount; k++) bssids.push(macToString(base + 1 + i * 2 + k));
      return {
        band: r.band,
        enabled: r.enabled,
        channel: r.enabled ? r.channel : 0,
        widthMhz: r.widthMhz,
        txPowerDbm: r.txPowerDbm,
        channelMode: r.channelMode,
        noiseFloorDbm: r.noiseFloorDbm,
        bssids,
      };
    });
    body.acSn = dev.acSn;
  }
  return body;
}

// ---- stats ----

export function stats(dev: SimDevice, now: number): Body {
  dev.updateGauges(now);
  const up = dev.telemetry.upload;
  const c = dev.sinceBoot(now);
  const body: Body = { uptimeS: dev.uptimeS };
  if (up.cpu) body.cpuPct = round1(dev.cpu);
  if (up.memory) {
    body.memPct = round1(dev.mem);
    body.memTotalKB = dev.info.memTotalKB;
  }
  body.tempC = round1(dev.temp);
  body.rxBytes = c.rx;
  body.txBytes = c.tx;
  if (up.packets) {
    body.rxPkts = Math.floor(c.rx / 1150);
    body.txPkts = Math.floor(c.tx / 420);
    body.rxDrops = Math.floor(c.rx / 1150 / 90_000);
    body.txDrops = Math.floor(c.tx / 420 / 150_000);
  }
  switch (dev.type) {
    case DeviceType.AP: {
      body.clients = dev.clients.length;
      const counts = new Map<string, number>();
      for (const cl of dev.clients) counts.set(cl.band, (counts.get(cl.band) ?? 0) + 1);
      body.radios = dev.radios.map((r) => {
        const n = counts.get(r.band) ?? 0;
        return {
          band: r.band,
          clients: n,
          rxBytes: Math.floor(r.rx),
          txBytes: Math.floor(r.tx),
          utilPct: r.enabled
            ? Math.min(95, round1((r.band === '2.4' ? 18 : 6) + n * 2.5 + dev.rng.float(0, 6)))
            : 0,
          noiseFloorDbm: r.noiseFloorDbm,
        };
      });
      break;
    }
    case DeviceType.Router: {
      const hosts = dev.routerHosts(now).length;
      body.clients = hosts;
      body.wan = [
        {
          name: 'wan1',
          rxBytes: c.rx,
          txBytes: c.tx,
          latencyMs: round1(dev.wanLatency),
          lossPct: dev.wanLatency > 60 ? round1(dev.rng.float(0, 4)) : 0,
        },
      ];
      const pool = dev.net.plan.clientPool.size;
      body.dhcp = { poolSize: pool, leases: Math.min(pool, hosts + dev.net.clients.length) };
      break;
    }
    case DeviceType.Switch:
      body.clients = dev.hosts.filter((h) => h.plugged).length;
      if (up.poe && dev.info.poeBudgetW) body.poe = { budgetW: dev.info.poeBudgetW, usedW: poeUsed(dev) };
      break;
    default: {
      let n = 0;
      for (const ap of dev.net.aps) if (ap.acSn === dev.sn) n += ap.clients.length;
      body.clients = n;
    }
  }
  applyPins(body, dev.pins);
  return body;
}

// ---- ports ----

export function portName(dev: SimDevice, port: number): string {
  if (dev.type === DeviceType.Router) return port === 1 ? 'wan1' : `lan${port - 1}`;
  if (dev.type === DeviceType.Switch) return `port${port}`;
  return 'eth0';
}

function linkSpeed(dev: SimDevice, port: number): number {
  const occ = dev.portMap[port];
  if (!occ) return dev.info.portMbps;
  if (occ.kind === 'host') return occ.host.plan.kind === 'pc' ? 1000 : 100;
  return Math.min(dev.info.portMbps, occ.dev.info.portMbps);
}

function portPoe(dev: SimDevice, port: number): Body | undefined {
  if (!dev.info.poeBudgetW) return undefined;
  const cfg = dev.settings.ports.get(port);
  if (cfg && !cfg.poeEnabled) return { enabled: false, status: 'disabled', powerW: 0 };
  if (dev.poeFaults.has(port)) return { enabled: true, status: 'overload', powerW: 0 };
  const occ = dev.portMap[port];
  let w = 0;
  let cls: number | undefined;
  if (occ?.kind === 'child' && occ.dev.type === DeviceType.AP && dev.powered) {
    w = occ.dev.poeDraw();
    cls = 4;
  } else if (occ?.kind === 'host' && occ.host.poeClass && occ.host.plugged && dev.powered) {
    w = round1(occ.host.poeW);
    cls = occ.host.poeClass;
  }
  if (!w) return { enabled: true, status: 'searching', powerW: 0 };
  const v = 53 + ((port * 7) % 6) / 10;
  return {
    enabled: true,
    status: 'delivering',
    powerW: w,
    class: cls,
    voltageV: v,
    currentMa: Math.round((w / v) * 1000),
  };
}

function poeUsed(dev: SimDevice): number {
  let sum = 0;
  for (let p = 1; p <= dev.info.ports; p++) sum += (portPoe(dev, p)?.powerW as number | undefined) ?? 0;
  return round1(sum);
}

export function ports(dev: SimDevice, now: number): Body {
  const up = dev.telemetry.upload;
  const list: Body[] = [];
  const router = dev.type === DeviceType.Router;
  for (let p = 1; p <= dev.info.ports; p++) {
    const cfg = dev.settings.ports.get(p);
    const enabled = cfg?.enabled ?? true;
    const linkUp = router && p === 1 ? dev.powered : dev.linkUp(p);
    const c = dev.portCounters(p, now);
    const entry: Body = { port: p };
    if (cfg?.description) entry.name = cfg.description.slice(0, 32);
    else if (router) entry.name = portName(dev, p);
    entry.enabled = enabled;
    entry.up = linkUp;
    entry.speedMbps = linkUp ? linkSpeed(dev, p) : null;
    entry.duplex = linkUp ? 'full' : null;
    entry.media = 'copper';
    if (p === (router ? 1 : dev.plan.uplinkPort)) entry.uplink = true;
    entry.pvid = cfg?.pvid ?? 1;
    if (dev.type === DeviceType.Switch)
      entry.stp = !linkUp ? 'disabled' : dev.loops.has(p) ? 'blocking' : 'forwarding';
    entry.rxBytes = c.rx;
    entry.txBytes = c.tx;
    if (up.packets) {
      entry.rxPkts = Math.floor(c.rx / 1100);
      entry.txPkts = Math.floor(c.tx / 700);
      entry.rxErrors = Math.floor(c.rx / 1100 / 4_000_000);
      entry.txErrors = 0;
    }
    if (up.poe) {
      const poe = portPoe(dev, p);
      if (poe) entry.poe = poe;
    }
    list.push(entry);
  }
  const body: Body = { ports: list };
  if (up.poe && dev.info.poeBudgetW) body.poe = { budgetW: dev.info.poeBudgetW, usedW: poeUsed(dev) };
  return body;
}

// ---- lldp ----

function capsOf(dev: SimDevice): string[] {
  switch (dev.type) {
    case DeviceType.Router:
      return ['router'];
    case DeviceType.Switch:
      return ['bridge'];
    case DeviceType.AP:
      return ['wlan_ap'];
    default:
      return ['other'];
  }
}

export function lldp(dev: SimDevice): Body {
  const neighbors: Body[] = [];
  for (const n of dev.linkNeighbours()) {
    const port = dev.portOf(n);
    const remote = n.portOf(dev);
    if (port === null || remote === null || !dev.linkUp(port)) continue;
    neighbors.push({
      port,
      mac: n.mac,
      remotePort: portName(n, remote),
      sysName: n.name,
      sn: n.sn,
      mgmtIp: n.ip,
      caps: capsOf(n),
      linkMbps: linkSpeed(dev, port),
      ttlS: 120,
    });
    if (neighbors.length >= PROTOCOL_LIMITS.maxLldpNeighbors) break;
  }
  return { neighbors };
}

// ---- clients ----

const PHY_MAX: Record<string, number> = {
  '11b': 11,
  '11g': 54,
  '11a': 54,
  '11n': 144,
  '11ac': 867,
  '11ax': 1201,
  '11be': 2882,
};

function linkRate(c: WifiClient): number {
  let max = PHY_MAX[c.phy] ?? 144;
  if (c.band === '2.4' && max > 287) max = 287;
  if (c.band === '5' && c.phy === '11n') max = 300;
  const r = c.rssi;
  const f = r >= -50 ? 1 : r >= -60 ? 0.75 : r >= -67 ? 0.5 : r >= -72 ? 0.3 : r >= -78 ? 0.15 : 0.06;
  return Math.max(1, Math.round(max * f));
}

function wifiRow(dev: SimDevice, c: WifiClient, now: number, traffic: boolean): Body {
  // Signal drifts a little between snapshots.
  c.rssi = Math.min(-30, Math.max(-90, c.rssi + dev.rng.int(-2, 2)));
  const radio = dev.radios.find((r) => r.band === c.band);
  const noise = radio?.noiseFloorDbm ?? -95;
  const rate = linkRate(c);
  const row: Body = { mac: c.mac, ip: c.ip };
  if (c.name) row.name = c.name;
  row.link = 1;
  row.ssid = c.ssid;
  row.band = c.band;
  if (radio && radio.channel > 0) row.channel = radio.channel;
  row.rssiDbm = c.rssi;
  row.snrDb = Math.max(0, Math.min(100, c.rssi - noise));
  row.phy = c.phy;
  row.txRateMbps = rate;
  row.rxRateMbps = Math.max(1, Math.round(rate * 0.8));
  if (traffic) {
    row.txBytes = Math.floor(c.tx);
    row.rxBytes = Math.floor(c.rx);
  }
  row.connectedS = Math.max(0, Math.floor((now - c.since) / 1000));
  if (c.authorized !== undefined) row.authorized = c.authorized;
  return row;
}

function wiredRow(router: SimDevice, h: WiredHost, now: number, traffic: boolean): Body {
  const speed = h.plan.kind === 'pc' ? 1000 : 100;
  const row: Body = { mac: h.plan.mac, ip: h.plan.ip, name: h.plan.name, link: 0, phy: 'eth' };
  row.txRateMbps = speed;
  row.rxRateMbps = speed;
  if (traffic) {
    row.txBytes = Math.floor(h.tx);
    row.rxBytes = Math.floor(h.rx);
  }
  row.connectedS = Math.max(0, Math.floor((now - h.since) / 1000));
  row.port = router.routerPortOf(h);
  row.vlan = 1;
  return row;
}

/** One snapshot of the client table, in pages of at most 100 (a new snapshot number each time). */
export function clientPages(dev: SimDevice, now: number): Body[] {
  const traffic = dev.telemetry.upload.clientTraffic;
  const max = PROTOCOL_LIMITS.maxClientsPerMessage * PROTOCOL_LIMITS.maxClientPages;
  let rows: Body[];
  if (dev.type === DeviceType.AP) {
    dev.sinceBoot(now);
    rows = dev.clients.slice(0, max).map((c) => wifiRow(dev, c, now, traffic));
  } else if (dev.type === DeviceType.Router) {
    // Bring the wired hosts' counters up to date through their switches.
    dev.lifetime(now);
    rows = dev
      .routerHosts(now)
      .slice(0, max)
      .map((h) => wiredRow(dev, h, now, traffic));
  } else rows = [];
  dev.snapshot = (dev.snapshot + 1) >>> 0;
  const per = PROTOCOL_LIMITS.maxClientsPerMessage;
  const pages = Math.max(1, Math.ceil(rows.length / per));
  const out: Body[] = [];
  for (let i = 0; i < pages; i++)
    out.push({
      snapshot: dev.snapshot,
      page: i + 1,
      pages,
      total: rows.length,
      clients: rows.slice(i * per, (i + 1) * per),
    });
  return out;
}

// ---- dns and probes (off by default: upload switches dnsLog, probes) ----

export function dns(dev: SimDevice, now: number): Body | null {
  const macs =
    dev.type === DeviceType.AP ? dev.clients.map((c) => c.mac) : dev.routerHosts(now).map((h) => h.plan.mac);
  if (!macs.length) return null;
  const rng = dev.rng;
  const n = Math.min(PROTOCOL_LIMITS.maxDnsEntriesPerMessage, rng.int(3, 20 + macs.length));
  const entries: Body[] = [];
  for (let i = 0; i < n; i++) {
    const qtype = rng.pick(['a', 'a', 'a', 'aaaa', 'https']);
    const e: Body = {
      ts: now - rng.int(0, 29_000),
      mac: rng.pick(macs),
      domain: pickName(rng.next()),
      qtype,
    };
    if (qtype === 'a') e.answer = `93.184.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    entries.push(e);
  }
  entries.sort((a, b) => (a.ts as number) - (b.ts as number));
  return { entries };
}

export function probes(dev: SimDevice, now: number): Body | null {
  const radio = dev.radios.find((r) => r.enabled);
  if (!radio) return null;
  const rng = dev.rng;
  const n = rng.int(1, 15);
  const span = dev.telemetry.clientsIntervalS * 1000;
  const list: Body[] = [];
  for (let i = 0; i < n; i++) {
    const first = now - rng.int(1000, span);
    const r = dev.radios.filter((x) => x.enabled);
    const heard = rng.pick(r);
    list.push({
      mac: rng.hex(1) + rng.pick(['2', '6', 'A', 'E']) + rng.hex(10),
      band: heard.band,
      channel: heard.channel || undefined,
      rssiDbm: rng.int(-95, -55),
      firstTs: first,
      lastTs: rng.int(first, now),
      count: rng.int(1, 30),
    });
  }
  return { probes: list };
}
