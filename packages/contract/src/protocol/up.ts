/**
 * Messages a device publishes on `dev/{sn}/up/{kind}`. Every one starts with the envelope
 * `{ v, ts, seq }`. Objects are not strict: a receiver ignores fields it does not know.
 * Directions of traffic are always the reporting device's: `rx` it received, `tx` it sent.
 */
import { z } from 'zod';
import { ClientConnection, LogLevel, Severity } from '../enums.ts';
import { PROTOCOL_LIMITS } from './constants.ts';
import {
  asciiName,
  band,
  counter,
  dbm,
  deviceType,
  firmwareVersion,
  ipv4,
  mac,
  netmask,
  nonce,
  percent,
  protocolVersion,
  sn,
  text,
  token,
  uint32,
  unixMs,
  watts,
} from './primitives.ts';

/** An open enumeration: the known values, or any other token (receivers ignore values they do not know). */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z
    .union([z.enum(values), token])
    .meta({ description: `${description}; known values: ${values.join(', ')}; others are ignored` });
}

export const upEnvelope = z.object({
  v: protocolVersion,
  ts: unixMs.meta({ description: 'Device wall-clock time of publishing, Unix milliseconds' }),
  seq: uint32.meta({
    description:
      'Per-boot message counter: 1 for the first message after boot, +1 per message; a retransmission keeps its seq',
  }),
});
export type UpEnvelope = z.infer<typeof upEnvelope>;

const portIndex = z.number().int().min(1).max(PROTOCOL_LIMITS.maxPorts);
const anyVlan = z.number().int().min(1).max(4094);
const name = (max: number = PROTOCOL_LIMITS.maxName) => text(max).min(1);

function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}
/** An SSID: 1-32 bytes of UTF-8. */
export const ssidSchema = z
  .string()
  .min(1)
  .max(32)
  .refine((v) => utf8Bytes(v) <= 32, { error: 'SSID: at most 32 bytes' });

// ---- hello ----

export const BOOT_REASONS = [
  'power_on',
  'reboot_command',
  'reset_command',
  'firmware_upgrade',
  'config_apply',
  'watchdog',
  'crash',
  'local',
  'unknown',
] as const;

export const deviceCapabilities = z.object({
  commands: z
    .array(token)
    .max(32)
    .meta({ description: 'Command kinds the device implements; the server sends no others' }),
  ports: z
    .number()
    .int()
    .min(0)
    .max(PROTOCOL_LIMITS.maxPorts)
    .optional()
    .meta({ description: 'Physical ports' }),
  poeBudgetW: watts.optional().meta({ description: 'PoE power budget in W; absent without PoE' }),
  radios: z
    .array(band)
    .max(PROTOCOL_LIMITS.maxRadios)
    .optional()
    .meta({ description: 'Wi-Fi radios by band' }),
  maxClients: z.number().int().min(0).max(100_000).optional(),
  diagnosis: z
    .array(z.literal([1, 2, 3]))
    .max(3)
    .optional()
    .meta({ description: 'Diagnostic types supported: 1 ping, 2 MTR, 3 service checks (§7.11.1)' }),
});

export const helloMessage = upEnvelope
  .extend({
    bootId: nonce.meta({ description: 'Random per boot; changes exactly when the device restarts' }),
    session: nonce.meta({ description: 'Random per MQTT connection; repeated in the last-will message' }),
    type: deviceType,
    model: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, { error: 'model: 1-32 of letters, digits, . _ -' }),
    hwVersion: asciiName(32),
    fwVersion: firmwareVersion,
    mac: mac.meta({ description: 'Main (base) MAC address, the one printed on the label' }),
    macs: z
      .array(mac)
      .max(PROTOCOL_LIMITS.maxExtraMacs)
      .optional()
      .meta({ description: 'Other MAC addresses of the device (interfaces, radios)' }),
    ip: ipv4.nullable().meta({ description: 'Management IPv4 address, null if none yet' }),
    uptimeS: counter.meta({ description: 'Seconds since boot' }),
    bootReason: openEnum(BOOT_REASONS, 'Why the device last started'),
    acSn: sn.optional().meta({ description: 'SN of the access controller managing this AP, if any' }),
    capabilities: deviceCapabilities,
  })
  .meta({ title: 'hello', description: 'First message of every connection (QoS 1).' });

// ---- state ----

export const configRef = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  revision: uint32,
});

export const radioState = z.object({
  band,
  enabled: z.boolean(),
  channel: z.number().int().min(0).max(233).meta({ description: 'Current channel, 0 while disabled' }),
  widthMhz: z.literal([20, 40, 80, 160, 320]),
  txPowerDbm: z.number().int().min(0).max(36),
  channelMode: z.enum(['auto', 'manual']).meta({ description: 'Channel assignment (the console CAType)' }),
  noiseFloorDbm: dbm.optional().meta({ description: 'Noise floor in dBm (the console BaseRssi)' }),
  bssids: z.array(mac).max(PROTOCOL_LIMITS.maxWirelessGroups).optional(),
});

export const wanState = z.object({
  name: token.meta({ description: 'Interface name, e.g. wan1' }),
  up: z.boolean(),
  proto: openEnum(['dhcp', 'static', 'pppoe'], 'Addressing'),
  ip: ipv4.nullable(),
  gateway: ipv4.nullable(),
});

export const stateMessage = upEnvelope
  .extend({
    ipMode: z.enum(['dhcp', 'static']),
    ip: ipv4.nullable(),
    mask: netmask.nullable(),
    gateway: ipv4.nullable(),
    dns1: ipv4.nullable(),
    dns2: ipv4.nullable(),
    publicIp: ipv4.nullable().optional().meta({ description: 'Public address, when the device knows it' }),
    config: configRef.nullable().meta({ description: 'The configuration in force, null if none applied' }),
    radios: z.array(radioState).max(PROTOCOL_LIMITS.maxRadios).optional(),
    wan: z.array(wanState).max(PROTOCOL_LIMITS.maxWan).optional(),
    acSn: sn.nullable().optional(),
  })
  .meta({
    title: 'state',
    description: 'Full slow-changing state; after welcome and on every change (QoS 1).',
  });

// ---- stats ----

export const radioStats = z.object({
  band,
  clients: z.number().int().min(0),
  rxBytes: counter,
  txBytes: counter,
  utilPct: percent.optional().meta({ description: 'Channel utilisation, %' }),
  noiseFloorDbm: dbm.optional(),
});

export const wanStats = z.object({
  name: token,
  rxBytes: counter,
  txBytes: counter,
  latencyMs: z.number().min(0).nullable().optional(),
  lossPct: percent.nullable().optional(),
});

export const statsMessage = upEnvelope
  .extend({
    uptimeS: counter.meta({ description: 'Seconds since boot' }),
    cpuPct: percent.optional(),
    memPct: percent.optional(),
    memTotalKB: counter.optional().meta({ description: 'Memory size in KB (1024 bytes)' }),
    tempC: z.number().min(-50).max(200).optional().meta({ description: 'Board temperature, °C' }),
    rxBytes: counter.meta({ description: 'Bytes received on the uplink since boot' }),
    txBytes: counter.meta({ description: 'Bytes sent on the uplink since boot' }),
    rxPkts: counter.optional(),
    txPkts: counter.optional(),
    rxDrops: counter.optional(),
    txDrops: counter.optional(),
    clients: z.number().int().min(0).meta({ description: 'Clients connected now' }),
    radios: z.array(radioStats).max(PROTOCOL_LIMITS.maxRadios).optional(),
    wan: z.array(wanStats).max(PROTOCOL_LIMITS.maxWan).optional(),
    poe: z.object({ budgetW: watts, usedW: watts }).optional(),
    dhcp: z.object({ poolSize: counter, leases: counter }).optional(),
  })
  .meta({ title: 'stats', description: 'Periodic counters and gauges (QoS 0).' });

// ---- clients ----

export const protocolClient = z.object({
  mac,
  ip: ipv4.nullable(),
  name: name().optional().meta({ description: 'Host name the client announced (DHCP option 12)' }),
  link: z
    .literal([ClientConnection.Wired, ClientConnection.Wireless])
    .meta({ description: '0 wired, 1 wireless' }),
  ssid: ssidSchema.optional(),
  band: band.optional(),
  channel: z.number().int().min(1).max(233).optional(),
  rssiDbm: dbm.optional(),
  snrDb: z.number().int().min(0).max(100).optional(),
  phy: openEnum(['11b', '11g', '11a', '11n', '11ac', '11ax', '11be', 'eth'], 'Link mode').optional(),
  txRateMbps: z.number().min(0).max(100_000).optional().meta({ description: 'Link rate towards the client' }),
  rxRateMbps: z.number().min(0).max(100_000).optional().meta({ description: 'Link rate from the client' }),
  txBytes: counter.optional().meta({ description: 'Bytes sent to the client since it connected' }),
  rxBytes: counter.optional().meta({ description: 'Bytes received from the client since it connected' }),
  connectedS: counter.meta({ description: 'Seconds since the client connected' }),
  port: portIndex.optional().meta({ description: 'Port of a wired client' }),
  vlan: anyVlan.optional(),
  authorized: z.boolean().optional().meta({ description: 'Passed portal authentication' }),
});
export type ProtocolClient = z.infer<typeof protocolClient>;

export const clientsMessage = upEnvelope
  .extend({
    snapshot: uint32.meta({ description: 'Id shared by the pages of one table; a new table takes a new id' }),
    page: z.number().int().min(1).max(PROTOCOL_LIMITS.maxClientPages),
    pages: z.number().int().min(1).max(PROTOCOL_LIMITS.maxClientPages),
    total: z
      .number()
      .int()
      .min(0)
      .max(PROTOCOL_LIMITS.maxClientsPerMessage * PROTOCOL_LIMITS.maxClientPages),
    clients: z.array(protocolClient).max(PROTOCOL_LIMITS.maxClientsPerMessage),
  })
  .superRefine((m, ctx) => {
    if (m.page > m.pages)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'page after the last page' });
    if (m.clients.length > m.total)
      ctx.addIssue({ code: 'custom', path: ['clients'], message: 'more than total' });
  })
  .meta({ title: 'clients', description: 'One page of the client table (QoS 0).' });

// ---- lldp ----

export const lldpNeighbor = z.object({
  port: portIndex.meta({ description: 'Local port the neighbour was seen on' }),
  mac: mac.meta({ description: "Neighbour's chassis MAC" }),
  remotePort: name().optional().meta({ description: "Neighbour's port id" }),
  remotePortDesc: name().optional(),
  sysName: name().optional(),
  sn: sn.optional().meta({ description: "Neighbour's SN, when it announces one" }),
  mgmtIp: ipv4.optional(),
  caps: z
    .array(openEnum(['bridge', 'router', 'wlan_ap', 'station', 'phone', 'other'], 'LLDP capability'))
    .max(8)
    .optional(),
  linkMbps: z.number().int().min(0).max(400_000).optional().meta({ description: 'Speed of the local port' }),
  ttlS: z.number().int().min(0).max(65_535),
});

export const lldpMessage = upEnvelope
  .extend({ neighbors: z.array(lldpNeighbor).max(PROTOCOL_LIMITS.maxLldpNeighbors) })
  .meta({ title: 'lldp', description: 'All current LLDP neighbours (QoS 1).' });

// ---- ports ----

export const POE_STATUSES = ['disabled', 'searching', 'delivering', 'fault', 'overload', 'denied'] as const;

export const portPoe = z.object({
  enabled: z.boolean(),
  status: openEnum(POE_STATUSES, 'PoE status'),
  powerW: watts,
  class: z.number().int().min(0).max(8).optional(),
  voltageV: z.number().min(0).max(60).optional(),
  currentMa: z.number().int().min(0).max(2000).optional(),
});

export const portEntry = z.object({
  port: portIndex,
  name: name(32).optional(),
  enabled: z.boolean().meta({ description: 'Administratively enabled' }),
  up: z.boolean().meta({ description: 'Link up' }),
  speedMbps: z.number().int().min(0).max(400_000).nullable().meta({ description: 'Null while down' }),
  duplex: z.enum(['full', 'half']).nullable(),
  media: z.enum(['copper', 'fiber']).optional(),
  uplink: z.boolean().optional(),
  pvid: anyVlan.optional(),
  stp: openEnum(['disabled', 'blocking', 'listening', 'learning', 'forwarding'], 'STP state').optional(),
  rxBytes: counter,
  txBytes: counter,
  rxPkts: counter.optional(),
  txPkts: counter.optional(),
  rxErrors: counter.optional(),
  txErrors: counter.optional(),
  poe: portPoe.optional(),
});

export const portsMessage = upEnvelope
  .extend({
    ports: z.array(portEntry).max(PROTOCOL_LIMITS.maxPorts),
    poe: z.object({ budgetW: watts, usedW: watts }).optional(),
  })
  .meta({ title: 'ports', description: 'The whole port table (QoS 1).' });

// ---- events ----

export const DEVICE_EVENT_TYPES = [
  'system',
  'stp',
  'reboot_completed',
  'port_down',
  'port_up',
  'loop',
  'config_error',
  'client_connected',
  'client_disconnected',
  'client_roamed',
  'poe',
  'link',
  'network_loop',
  'dhcp_server',
  'dhcp_pool',
  'pppoe',
  'vpn',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const deviceEvent = z.object({
  ts: unixMs.meta({ description: 'When it happened' }),
  type: openEnum(DEVICE_EVENT_TYPES, 'Event type'),
  severity: z
    .literal([Severity.General, Severity.Medium, Severity.Severe])
    .optional()
    .meta({ description: '1 general, 2 medium, 3 severe' }),
  active: z.boolean().optional().meta({ description: 'For conditions: true raised, false cleared' }),
  port: portIndex.optional(),
  mac: mac.optional(),
  ip: ipv4.optional(),
  name: name().optional().meta({ description: 'SSID, WAN, tunnel or pool the event is about' }),
  value: z.number().optional(),
  code: token.optional(),
  text: text(PROTOCOL_LIMITS.maxDetailText).optional(),
});
export type ProtocolEvent = z.infer<typeof deviceEvent>;

export const eventsMessage = upEnvelope
  .extend({ events: z.array(deviceEvent).min(1).max(PROTOCOL_LIMITS.maxEventsPerMessage) })
  .meta({ title: 'events', description: 'Events in the order they happened (QoS 1).' });

// ---- logs ----

export const logLine = z.object({
  ts: unixMs,
  level: z
    .literal([LogLevel.Debug, LogLevel.Info, LogLevel.Warn, LogLevel.Error])
    .meta({ description: '1 debug, 2 info, 3 warn, 4 error' }),
  module: token.optional(),
  text: text(PROTOCOL_LIMITS.maxLogText).min(1),
});

export const logsMessage = upEnvelope
  .extend({ lines: z.array(logLine).min(1).max(PROTOCOL_LIMITS.maxLogLinesPerMessage) })
  .meta({ title: 'logs', description: 'Device log lines (QoS 1).' });

// ---- dns ----

export const dnsEntry = z.object({
  ts: unixMs,
  mac: mac.meta({ description: 'Client that asked' }),
  domain: z
    .string()
    .min(1)
    .max(PROTOCOL_LIMITS.maxHostname)
    .regex(/^[A-Za-z0-9_.-]+$/),
  qtype: openEnum(['a', 'aaaa', 'cname', 'mx', 'txt', 'srv', 'https', 'other'], 'Query type').optional(),
  answer: ipv4.optional().meta({ description: 'First IPv4 answer' }),
});

export const dnsMessage = upEnvelope
  .extend({ entries: z.array(dnsEntry).min(1).max(PROTOCOL_LIMITS.maxDnsEntriesPerMessage) })
  .meta({ title: 'dns', description: "Clients' DNS queries (QoS 0)." });

// ---- probes ----

export const probeEntry = z.object({
  mac,
  band,
  channel: z.number().int().min(1).max(233).optional(),
  rssiDbm: dbm,
  firstTs: unixMs,
  lastTs: unixMs,
  count: z.number().int().min(1),
});

export const probesMessage = upEnvelope
  .extend({ probes: z.array(probeEntry).min(1).max(PROTOCOL_LIMITS.maxProbesPerMessage) })
  .meta({ title: 'probes', description: 'Probe requests heard from unassociated devices (QoS 0).' });

// ---- offline ----

export const OFFLINE_REASONS = ['lost', 'shutdown', 'reboot', 'firmware_upgrade', 'reset'] as const;

export const offlineMessage = upEnvelope
  .extend({
    session: nonce.meta({ description: 'The session of the connection going away (as in its hello)' }),
    reason: openEnum(OFFLINE_REASONS, 'Why the device goes offline; lost in the last will'),
  })
  .meta({
    title: 'offline',
    description: 'Last will (reason lost, seq 0) or a graceful goodbye (QoS 1, not retained).',
  });
