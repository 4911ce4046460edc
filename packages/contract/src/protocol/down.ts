/**
 * Messages the server publishes on `dev/{sn}/down/{kind}`: the `welcome` notice and the commands.
 * A command carries `{ v, ts, id, cmd, expires }`; `cmd` repeats the topic's kind so a command can be
 * parsed without its topic. The device answers every command on `up/acks` (acks.ts).
 */
import { z } from 'zod';
import { DiagnosticType } from '../enums.ts';
import { CHECKSUM_RE, isPresharedKey, isWepKey } from '../validators.ts';
import { DIAGNOSIS_LIMITS, TELEMETRY_INTERVALS, PROTOCOL_LIMITS } from './constants.ts';
import {
  asciiName,
  band,
  commandId,
  counter,
  firmwareVersion,
  hostname,
  httpUrl,
  ipv4,
  mac,
  md5Hex,
  netmask,
  nonce,
  protocolVersion,
  sn,
  text,
  token,
  uint32,
  unixMs,
  vlan,
} from './primitives.ts';
import { ssidSchema } from './up.ts';

const interval = (r: { min: number; max: number; default: number }, what: string) =>
  z
    .number()
    .int()
    .min(r.min)
    .max(r.max)
    .meta({ description: `${what}, seconds (${r.min}-${r.max}, default ${r.default})` });

export const uploadSwitchesSchema = z
  .object({
    clients: z.boolean().meta({ description: 'clients pages and client events' }),
    lldp: z.boolean().meta({ description: 'lldp messages' }),
    dnsLog: z.boolean().meta({ description: 'dns messages' }),
    systemLog: z.boolean().meta({ description: 'logs lines of level 2-4' }),
    debugLog: z.boolean().meta({ description: 'logs lines of level 1' }),
    clientTraffic: z.boolean().meta({ description: 'txBytes/rxBytes of each client' }),
    packets: z.boolean().meta({ description: 'packet, error and drop counters in stats and ports' }),
    cpu: z.boolean().meta({ description: 'cpuPct in stats' }),
    memory: z.boolean().meta({ description: 'memPct and memTotalKB in stats' }),
    probes: z.boolean().meta({ description: 'probes messages (hotspot probe)' }),
    poe: z.boolean().meta({ description: 'poe blocks in stats and ports' }),
  })
  .meta({ description: "The configuration's upload switches: what the device reports" });
export type UploadSwitches = z.infer<typeof uploadSwitchesSchema>;

export const telemetrySettings = z.object({
  statsIntervalS: interval(TELEMETRY_INTERVALS.statsS, 'stats cadence'),
  clientsIntervalS: interval(TELEMETRY_INTERVALS.clientsS, 'clients cadence'),
  portsIntervalS: interval(TELEMETRY_INTERVALS.portsS, 'ports cadence'),
  lldpIntervalS: interval(TELEMETRY_INTERVALS.lldpS, 'lldp refresh cadence'),
  upload: uploadSwitchesSchema,
});
export type TelemetrySettings = z.infer<typeof telemetrySettings>;

/** What a device uses until its first `welcome`, and what the server sends to a registered device by default. */
export const DEFAULT_TELEMETRY: TelemetrySettings = {
  statsIntervalS: TELEMETRY_INTERVALS.statsS.default,
  clientsIntervalS: TELEMETRY_INTERVALS.clientsS.default,
  portsIntervalS: TELEMETRY_INTERVALS.portsS.default,
  lldpIntervalS: TELEMETRY_INTERVALS.lldpS.default,
  upload: {
    clients: true,
    lldp: true,
    dnsLog: false,
    systemLog: true,
    debugLog: false,
    clientTraffic: true,
    packets: true,
    cpu: true,
    memory: true,
    probes: false,
    poe: true,
  },
};

// ---- welcome ----

export const downEnvelope = z.object({
  v: protocolVersion,
  ts: unixMs.meta({
    description: 'Server time of publishing, Unix milliseconds; a device without a clock may set it',
  }),
});

export const welcomeMessage = downEnvelope
  .extend({
    session: nonce.meta({
      description: 'The session of the hello this answers; a device ignores other sessions',
    }),
    registered: z.boolean().meta({ description: 'Whether a tenant has registered the device' }),
    telemetry: telemetrySettings,
  })
  .meta({
    title: 'welcome',
    description: 'Answer to hello (QoS 1). Not a command: no id, no acknowledgement.',
  });

// ---- commands ----

const commandEnvelope = downEnvelope.extend({
  id: commandId.meta({ description: 'Command id, unique per device; redelivery keeps it' }),
  expires: unixMs.meta({ description: 'Server time after which the device must not start the command' }),
});
function command<const K extends string>(kind: K) {
  return commandEnvelope.extend({ cmd: z.literal(kind) });
}

export const rebootCommand = command('reboot')
  .extend({
    delayS: z
      .number()
      .int()
      .min(0)
      .max(300)
      .optional()
      .meta({ description: 'Wait before rebooting, default 0' }),
  })
  .meta({ title: 'reboot', description: 'Restart the device.' });

export const resetCommand = command('reset').meta({
  title: 'reset',
  description: 'Erase the configuration (not the SN, credentials or firmware) and restart.',
});

export const kickClientCommand = command('kick_client')
  .extend({
    mac,
    blockS: z
      .number()
      .int()
      .min(0)
      .max(604_800)
      .meta({ description: 'Refuse the client this long after disconnecting it; 0 = disconnect only' }),
  })
  .meta({ title: 'kick_client', description: 'Disconnect a client and optionally block it.' });

export const releaseClientCommand = command('release_client')
  .extend({ mac })
  .meta({ title: 'release_client', description: 'Lift the block of a kicked client.' });

export const setControllerCommand = command('set_controller')
  .extend({
    acSn: sn.nullable().meta({
      description: 'SN of the access controller to be managed by; null: manage itself (standalone)',
    }),
  })
  .meta({
    title: 'set_controller',
    description: 'AP only: change the access controller managing it; state then reports the new acSn.',
  });

// ---- apply_config ----

const hhmm = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: 'HH:MM' });

export const wirelessScheduleRule = z.object({
  days: z
    .array(z.number().int().min(0).max(6))
    .min(1)
    .max(7)
    .meta({ description: 'Days of the week, 0 Sunday … 6 Saturday' }),
  start: hhmm,
  end: hhmm.meta({ description: 'Exclusive; an end not after start runs past midnight' }),
});

export const WIFI_SECURITY_MODES = [
  'open',
  'wep',
  'wpa2_psk',
  'wpa_wpa2_psk',
  'wpa3_sae',
  'wpa2_wpa3',
  'wpa2_eap',
] as const;

export const configWirelessGroup = z
  .object({
    ssid: ssidSchema,
    bands: z.array(band).min(1).max(3),
    security: z.enum(WIFI_SECURITY_MODES),
    key: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'WEP key (5/13 ASCII or 10/26 hex) or WPA passphrase (8-63 ASCII)' }),
    keyUpdateIntervalS: z.number().int().min(1).max(86_400).optional().meta({ description: 'Group rekey' }),
    hidden: z.boolean(),
    maxClients: z.number().int().min(1).max(1024),
    rateLimit: z
      .object({
        upKbps: z.number().int().min(1).max(10_000_000).nullable(),
        downKbps: z.number().int().min(1).max(10_000_000).nullable(),
      })
      .nullable()
      .meta({ description: 'Per-client bandwidth limit in kbit/s (1000 bit/s); null: none' }),
    roaming: z.boolean().meta({ description: '802.11k/v/r fast roaming' }),
    vlanId: vlan.nullable().meta({ description: 'VLAN 2-4094 to tag the SSID traffic with, null: untagged' }),
    portal: z.boolean().meta({ description: 'Guest portal: clients pass the portal section before access' }),
    rssiThresholdDbm: z.number().int().min(-100).max(-40).nullable(),
    isolation: z.boolean().optional(),
    schedule: z
      .array(wirelessScheduleRule)
      .max(PROTOCOL_LIMITS.maxScheduleRules)
      .meta({ description: 'When the SSID is on, device local time; empty: always' }),
  })
  .superRefine((g, ctx) => {
    const needs =
      g.security === 'open' || g.security === 'wpa2_eap' ? 'none' : g.security === 'wep' ? 'wep' : 'psk';
    const key = g.key;
    if (needs === 'none') {
      if (key !== undefined)
        ctx.addIssue({ code: 'custom', path: ['key'], message: 'no key for this security' });
    } else if (key === undefined) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'key required' });
    } else if (needs === 'wep' ? !isWepKey(key) : !isPresharedKey(key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: needs === 'wep' ? 'check WEP key' : '8-63 characters',
      });
    }
  });

export const configNetworkSection = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('dhcp'),
    dns1: ipv4.optional().meta({ description: 'Overrides the DHCP DNS' }),
    dns2: ipv4.optional(),
  }),
  z.object({
    mode: z.literal('static'),
    ip: ipv4,
    mask: netmask,
    gateway: ipv4,
    dns1: ipv4,
    dns2: ipv4.optional(),
  }),
]);

/**
 * A router's WAN (its uplink, which is also how it reaches the console). The PPPoE password travels
 * as it is: the ISP's server needs it, so the router must have it, not a hash; it is protected by the
 * TLS of the MQTT session like every other secret of `apply_config` (PSKs, the RADIUS secret).
 */
export const configWanSection = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('dhcp'),
    dns1: ipv4.optional().meta({ description: 'Overrides the DHCP DNS' }),
    dns2: ipv4.optional(),
  }),
  z.object({
    mode: z.literal('static'),
    ip: ipv4,
    mask: netmask,
    gateway: ipv4,
    dns1: ipv4,
    dns2: ipv4.optional(),
  }),
  z.object({
    mode: z.literal('pppoe'),
    username: z.string().min(1).max(64),
    password: z.string().min(1).max(64).meta({ description: 'In clear: the ISP needs it (TLS protects it)' }),
  }),
]);

/** A router's LAN: its own address on the LAN and the DHCP server it runs there. */
export const configLanSection = z.object({
  ip: ipv4,
  mask: netmask,
  dhcp: z
    .object({
      enabled: z.boolean(),
      start: ipv4.optional().meta({ description: 'First address handed out; required when enabled' }),
      end: ipv4.optional().meta({ description: 'Last address handed out; required when enabled' }),
      leaseS: z.number().int().min(60).max(604_800).optional().meta({ description: 'Default 86 400' }),
    })
    .refine((d) => !d.enabled || (d.start !== undefined && d.end !== undefined), {
      error: 'start and end required when enabled',
    }),
});

export const configRadioSection = z.object({
  band,
  enabled: z.boolean(),
  channel: z.number().int().min(0).max(233).meta({ description: '0 = automatic' }),
  widthMhz: z.literal([20, 40, 80, 160, 320]),
  txPowerDbm: z.number().int().min(1).max(36).nullable().meta({ description: 'null = automatic' }),
});

export const configPortalSection = z.object({
  radius: z.object({
    primary: ipv4,
    secondary: ipv4.nullable(),
    authPort: z.number().int().min(1).max(65_535),
    acctPort: z.number().int().min(1).max(65_535),
    secret: z.string().min(1).max(128),
    nasId: z.string().min(1).max(64),
    acctIntervalS: z.number().int().min(60).max(86_400),
  }),
  portalUrl: httpUrl,
  uamPort: z.number().int().min(1).max(65_535),
  uamSecret: z.string().max(128).optional(),
  allowedUrls: z
    .array(z.string().min(1).max(PROTOCOL_LIMITS.maxHostname))
    .max(PROTOCOL_LIMITS.maxAllowedUrls)
    .meta({ description: 'Walled garden: host names reachable before authentication' }),
});

export const configPortSection = z.object({
  port: z.number().int().min(1).max(PROTOCOL_LIMITS.maxPorts),
  enabled: z.boolean(),
  description: text(32).optional(),
  speed: z.union([
    z.literal('auto'),
    z.literal([10, 100, 1000, 2500, 5000, 10_000, 25_000, 40_000, 100_000]),
  ]),
  duplex: z.enum(['auto', 'full', 'half']),
  pvid: z.number().int().min(1).max(4094),
  taggedVlans: z.array(z.number().int().min(1).max(4094)).max(PROTOCOL_LIMITS.maxTaggedVlans).optional(),
  poe: z
    .object({
      enabled: z.boolean(),
      priority: z.enum(['low', 'high', 'critical']),
      maxW: z.number().min(0).max(100).nullable().meta({ description: 'null = class limit' }),
    })
    .optional(),
});

export const configSystemSection = z.object({
  hostname: z
    .string()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/)
    .optional(),
  timezone: z.string().min(1).max(64).meta({ description: 'IANA zone, e.g. Asia/Shanghai' }),
  posixTz: z.string().min(1).max(64).meta({ description: 'The same zone as a POSIX TZ string, e.g. CST-8' }),
  ntpServers: z.array(z.union([ipv4, hostname])).max(PROTOCOL_LIMITS.maxNtpServers),
});

export const deviceConfigBody = z
  .object({
    system: configSystemSection.optional(),
    network: configNetworkSection.optional(),
    wan: configWanSection.optional().meta({ description: 'Routers only' }),
    lan: configLanSection.optional().meta({ description: 'Routers only' }),
    radios: z.array(configRadioSection).max(PROTOCOL_LIMITS.maxRadios).optional(),
    wireless: z.array(configWirelessGroup).max(PROTOCOL_LIMITS.maxWirelessGroups).optional(),
    portal: configPortalSection.nullable().optional(),
    ports: z.array(configPortSection).max(PROTOCOL_LIMITS.maxPorts).optional(),
    admin: z
      .object({
        username: z.string().regex(/^[A-Za-z0-9_.-]{1,32}$/),
        passwordHash: z
          .string()
          .max(128)
          .regex(/^\$6\$(?:rounds=\d{4,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{86}$/, {
            error: 'SHA-512 crypt ($6$)',
          }),
      })
      .optional(),
  })
  .refine((c) => Object.values(c).some((s) => s !== undefined), { error: 'at least one section' })
  .meta({
    description: 'Desired configuration; each section present replaces that whole section, absent ones stay',
  });
export type DeviceConfigBody = z.infer<typeof deviceConfigBody>;

export const applyConfigCommand = command('apply_config')
  .extend({
    configId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    revision: uint32.meta({ description: 'Grows with every change of this device configuration' }),
    source: z.discriminatedUnion('type', [
      z.object({ type: z.literal('inline'), config: deviceConfigBody }),
      z.object({
        type: z.literal('file'),
        url: httpUrl,
        md5: md5Hex,
        size: counter.meta({ description: 'Bytes' }),
        format: token.meta({ description: 'Vendor file format, e.g. uci_tar' }),
      }),
    ]),
  })
  .meta({ title: 'apply_config', description: 'Apply a configuration, atomically, with rollback.' });

export const upgradeFirmwareCommand = command('upgrade_firmware')
  .extend({
    url: httpUrl.meta({ description: 'Pre-signed download address, valid until expires' }),
    md5: md5Hex.meta({ description: 'MD5 of the image; compare case-insensitively' }),
    size: counter.meta({ description: 'Image size, bytes' }),
    checksum: z.string().regex(CHECKSUM_RE).optional().meta({ description: 'CRC32 like 0x035a231a' }),
    model: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/),
    hwVersion: asciiName(32),
    fwVersion: firmwareVersion.meta({ description: 'Version the image contains' }),
    window: z
      .object({
        start: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
          .meta({ description: 'HH:mm, local time of tz' }),
        end: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
          .meta({ description: 'HH:mm; before start: the window runs past midnight' }),
        tz: z.string().min(1).max(64).meta({ description: 'IANA zone, e.g. Asia/Shanghai' }),
      })
      .refine((w) => w.start !== w.end, { error: 'start and end differ' })
      .optional()
      .meta({
        description:
          'Maintenance window: download and verify at once, then wait (stage waiting) until the local time is inside it',
      }),
  })
  .meta({ title: 'upgrade_firmware', description: 'Download, verify, write and boot a firmware image.' });

/** Service checks one run_diagnosis may carry (§7.11.1). */
export const DIAGNOSIS_CHECKS_MAX = 8;
/** The `caps.diagnosis` value of a device that runs `checks` (§7.11.1); 1 and 2 are ping and MTR. */
export const DIAGNOSIS_CAP_CHECKS = 3;

/**
 * A service check of a portal diagnosis (§7.11.1): an HTTP(S) GET of the portal page, or a RADIUS
 * Status-Server (RFC 5997) over UDP. Either passes when any answer comes back.
 */
export const diagnosisCheck = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('http'),
      url: httpUrl.meta({ description: 'GET this; pass on any HTTP status' }),
    }),
    z.object({
      kind: z.literal('radius'),
      host: z.union([ipv4, hostname]),
      port: z.number().int().min(1).max(65535).meta({ description: 'UDP port, e.g. 1812 or 1813' }),
    }),
  ])
  .meta({ description: 'A service check (§7.11.1)' });
export type DiagnosisCheck = z.infer<typeof diagnosisCheck>;

export const runDiagnosisCommand = command('run_diagnosis')
  .extend({
    type: z.literal([DiagnosticType.Ping, DiagnosticType.Mtr]).meta({ description: '1 ping, 2 MTR' }),
    targets: z
      .array(z.union([ipv4, hostname]))
      .min(1)
      .max(PROTOCOL_LIMITS.maxDiagnosisTargets),
    count: z.number().int().min(DIAGNOSIS_LIMITS.count.min).max(DIAGNOSIS_LIMITS.count.max).meta({
      description: 'Echo requests per target (MTR: per hop)',
    }),
    sizeBytes: z
      .number()
      .int()
      .min(DIAGNOSIS_LIMITS.sizeBytes.min)
      .max(DIAGNOSIS_LIMITS.sizeBytes.max)
      .meta({ description: 'ICMP payload bytes' }),
    timeoutMs: z
      .number()
      .int()
      .min(DIAGNOSIS_LIMITS.timeoutMs.min)
      .max(DIAGNOSIS_LIMITS.timeoutMs.max)
      .optional(),
    intervalMs: z
      .number()
      .int()
      .min(DIAGNOSIS_LIMITS.intervalMs.min)
      .max(DIAGNOSIS_LIMITS.intervalMs.max)
      .optional(),
    maxHops: z.number().int().min(DIAGNOSIS_LIMITS.maxHops.min).max(DIAGNOSIS_LIMITS.maxHops.max).optional(),
    checks: z
      .array(diagnosisCheck)
      .max(DIAGNOSIS_CHECKS_MAX)
      .optional()
      .meta({ description: 'Service checks after the targets (portal diagnosis, §7.11.1)' }),
  })
  .meta({
    title: 'run_diagnosis',
    description: 'Ping or MTR towards up to 10 targets, then up to 8 service checks.',
  });

export const cancelCommand = command('cancel')
  .extend({ target: commandId.meta({ description: 'Id of the command to cancel' }) })
  .meta({
    title: 'cancel',
    description: 'Stop a running diagnosis, or a firmware/config command before it applies.',
  });

export const setTelemetryCommand = command('set_telemetry')
  .extend({
    telemetry: telemetrySettings.extend({ upload: uploadSwitchesSchema.partial().optional() }).partial(),
    revertAfterS: z
      .number()
      .int()
      .min(10)
      .max(3600)
      .optional()
      .meta({ description: 'Return to the settings of before after this long (live views)' }),
  })
  .meta({ title: 'set_telemetry', description: 'Change cadences or upload switches; fields absent stay.' });

export const REPORTABLE_KINDS = ['state', 'stats', 'clients', 'lldp', 'ports'] as const;

export const reportNowCommand = command('report_now')
  .extend({ kinds: z.array(z.enum(REPORTABLE_KINDS)).min(1).max(REPORTABLE_KINDS.length) })
  .meta({ title: 'report_now', description: 'Publish the listed kinds now, whatever their cadence.' });

export const downCommand = z.discriminatedUnion('cmd', [
  rebootCommand,
  resetCommand,
  kickClientCommand,
  releaseClientCommand,
  setControllerCommand,
  applyConfigCommand,
  upgradeFirmwareCommand,
  runDiagnosisCommand,
  cancelCommand,
  setTelemetryCommand,
  reportNowCommand,
]);
export type DownCommand = z.infer<typeof downCommand>;
