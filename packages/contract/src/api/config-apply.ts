/**
 * A stored configuration profile toward the device: the inline configuration of `apply_config`
 * (docs/device-protocol.md §7.9) and the telemetry settings (§7.13) its upload switches and report
 * timer become. Pure functions, so the server and the simulator's tests compute the same thing.
 */
import { DeviceType } from '../enums.ts';
import {
  DEFAULT_TELEMETRY,
  type DeviceConfigBody,
  type TelemetrySettings,
  type UploadSwitches,
} from '../protocol/down.ts';
import { bandwidthKbps } from '../validators.ts';
import {
  ENCRYPTION_SECURITY,
  UPLOAD_SWITCHES,
  UPLOAD_SWITCH_KEYS,
  keyKindOf,
  type ConfigType,
  type IpMode,
  type LanSettings,
  type PortSettings,
  type ProfileUpload,
  type RadioSettings,
  type WirelessGroup,
} from './config.ts';

/** What `toApplyConfig` reads: a stored profile, with the admin's hash (never the password). */
export interface ApplyConfigProfile {
  Type: ConfigType;
  IPMode: IpMode;
  IP: string | null;
  NetMask: string | null;
  GateWay: string | null;
  DNS1: string | null;
  DNS2: string | null;
  Radios: readonly RadioSettings[];
  Groups: readonly WirelessGroup[];
  Ports: readonly PortSettings[];
  Admin: { Username: string; PasswordHash: string } | null;
  /** Router: the PPPoE account of its WAN (the stored password: the ISP needs it, not a hash). */
  Pppoe?: { Username: string; Password?: string } | null;
  /** Router: its LAN address and DHCP server. */
  Lan?: LanSettings | null;
}

function networkSection(p: ApplyConfigProfile): DeviceConfigBody['network'] {
  const dns = { ...(p.DNS1 ? { dns1: p.DNS1 } : {}), ...(p.DNS2 ? { dns2: p.DNS2 } : {}) };
  if (p.IPMode === 'static')
    return { mode: 'static', ip: p.IP!, mask: p.NetMask!, gateway: p.GateWay!, dns1: p.DNS1!, ...dns };
  // PPPoE is a router's WAN (`wan`), never another device's management address.
  return p.IPMode === 'dhcp' ? { mode: 'dhcp', ...dns } : undefined;
}

/**
 * A router's address settings are its WAN (§7.9 `wan`): the uplink it reaches the console through,
 * so it gets no `network` section besides. PPPoE without a stored password (none to send) is absent.
 */
function wanSection(p: ApplyConfigProfile): DeviceConfigBody['wan'] {
  if (p.IPMode !== 'pppoe') return networkSection(p);
  const account = p.Pppoe;
  if (!account?.Password) return undefined;
  return { mode: 'pppoe', username: account.Username, password: account.Password };
}

function lanSection(l: LanSettings): NonNullable<DeviceConfigBody['lan']> {
  const range = {
    ...(l.DhcpStart ? { start: l.DhcpStart } : {}),
    ...(l.DhcpEnd ? { end: l.DhcpEnd } : {}),
  };
  return { ip: l.IP, mask: l.NetMask, dhcp: { enabled: l.DhcpEnabled, ...range } };
}

export function toWirelessGroup(g: WirelessGroup): NonNullable<DeviceConfigBody['wireless']>[number] {
  const kind = keyKindOf(g.Encryption);
  const limit = (text: string | null) => (text ? bandwidthKbps(text) : null);
  const up = limit(g.Bandwidth?.Up ?? null);
  const down = limit(g.Bandwidth?.Down ?? null);
  return {
    ssid: g.SSID,
    bands: [...g.Bands],
    security: ENCRYPTION_SECURITY[g.Encryption],
    ...(kind !== 'none' && g.Key !== null ? { key: g.Key } : {}),
    // Rekeying is a WPA notion: WEP and open networks have no group key to renew.
    ...(kind !== 'wep' && g.Encryption !== 'open' && g.KeyUpdateInterval !== null
      ? { keyUpdateIntervalS: g.KeyUpdateInterval }
      : {}),
    hidden: g.Hidden,
    maxClients: g.MaxClients,
    rateLimit: up === null && down === null ? null : { upKbps: up, downKbps: down },
    roaming: g.Roaming,
    vlanId: g.VLAN,
    portal: g.Portal,
    rssiThresholdDbm: g.RSSI,
    isolation: g.Isolation,
    schedule: g.Schedule.map((r) => ({ days: [...r.Days], start: r.Start, end: r.End })),
  };
}

/**
 * The inline configuration of `apply_config` (protocol §7.9) for a stored profile of source
 * `settings`: `network` (AP, switch) or `wan` and `lan` (router), and by device type `radios` and
 * `wireless` (AP), `ports` (switch), and `admin` when the profile sets one. The output parses with
 * `applyConfigCommand`'s schema.
 *
 * Null when nothing in the profile has a section in the protocol (an AP or switch profile always has
 * one; a router's WAN always gives one unless PPPoE lacks its password). The upload switches and the
 * report timer are not part of `apply_config`: they go as telemetry settings (`toTelemetrySettings`).
 */
export function toApplyConfig(profile: ApplyConfigProfile): DeviceConfigBody | null {
  const config: DeviceConfigBody = {};
  if (profile.Type === DeviceType.Router) {
    const wan = wanSection(profile);
    if (wan) config.wan = wan;
    if (profile.Lan) config.lan = lanSection(profile.Lan);
  } else {
    const network = networkSection(profile);
    if (network) config.network = network;
  }
  if (profile.Type === DeviceType.AP) {
    if (profile.Radios.length)
      config.radios = profile.Radios.map((r) => ({
        band: r.Band,
        enabled: r.Enabled,
        channel: r.Channel,
        widthMhz: r.Width,
        txPowerDbm: r.TxPower,
      }));
    // Always sent for an AP: the profile's groups replace the device's whole list.
    config.wireless = profile.Groups.map(toWirelessGroup);
  }
  if (profile.Type === DeviceType.Switch && profile.Ports.length)
    config.ports = profile.Ports.map((p) => ({
      port: p.Port,
      enabled: p.Enabled,
      ...(p.Description ? { description: p.Description } : {}),
      speed: p.Speed,
      duplex: p.Duplex,
      pvid: p.PVID,
      ...(p.TaggedVlans.length ? { taggedVlans: [...p.TaggedVlans] } : {}),
      ...(p.Poe ? { poe: { enabled: p.Poe.Enabled, priority: p.Poe.Priority, maxW: p.Poe.MaxW } } : {}),
    }));
  if (profile.Admin)
    config.admin = { username: profile.Admin.Username, passwordHash: profile.Admin.PasswordHash };
  return Object.keys(config).length ? config : null;
}

/** The protocol's upload switches (§7.13) from a profile's. */
export function toUploadSwitches(upload: ProfileUpload): UploadSwitches {
  return Object.fromEntries(UPLOAD_SWITCHES.map((k) => [UPLOAD_SWITCH_KEYS[k], upload[k]])) as UploadSwitches;
}

/**
 * The telemetry settings a profile gives its devices (`welcome`, `set_telemetry`): the report timer
 * is the stats cadence; the other cadences stay the protocol's defaults.
 */
export function toTelemetrySettings(profile: {
  CycleTime: number;
  Upload: ProfileUpload;
}): TelemetrySettings {
  return {
    ...DEFAULT_TELEMETRY,
    statsIntervalS: profile.CycleTime,
    upload: toUploadSwitches(profile.Upload),
  };
}
