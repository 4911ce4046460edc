import { describe, expect, it } from 'vitest';
import { DeviceType } from '../enums.ts';
import { WIFI_SECURITY_MODES, applyConfigCommand } from '../protocol/down.ts';
import { toApplyConfig, type ApplyConfigProfile } from './config-apply.ts';
import {
  ENCRYPTIONS,
  ENCRYPTION_SECURITY,
  configAddBody,
  type ConfigAddBody,
  type ConfigProfileInput,
  type WirelessGroupInput,
} from './config.ts';

const group = (over: Partial<WirelessGroupInput> = {}): WirelessGroupInput => ({
  SSID: 'Office',
  Encryption: 'wpa2',
  Key: 'correct-horse-42',
  ...over,
});
const ap = (over: Partial<ConfigProfileInput> = {}): ConfigProfileInput => ({
  Name: 'Office APs',
  Type: DeviceType.AP,
  Groups: [group()],
  ...over,
});
const staticAddress = {
  IPMode: 'static',
  IP: '192.168.1.10',
  NetMask: '255.255.255.0',
  GateWay: '192.168.1.1',
  DNS1: '192.168.1.1',
} as const;
const parse = (input: ConfigProfileInput): ConfigAddBody => configAddBody.parse(input);
const PASSWORD_HASH = `$6$saltsalt$${'a'.repeat(86)}`;
const stored = (body: ConfigAddBody, admin: ApplyConfigProfile['Admin'] = null): ApplyConfigProfile => ({
  ...body,
  Admin: admin,
});
/** The command a delivery would publish, checked by the protocol's own schema. */
function command(config: unknown) {
  return applyConfigCommand.safeParse({
    v: 1,
    ts: 1767259000000,
    id: 'C1',
    cmd: 'apply_config',
    expires: 1767863800000,
    configId: 'cfg-office',
    revision: 8,
    source: { type: 'inline', config },
  });
}

describe('toApplyConfig', () => {
  it('maps every encryption onto a distinct protocol security mode', () => {
    expect(ENCRYPTIONS.map((e) => ENCRYPTION_SECURITY[e]).sort()).toEqual([...WIFI_SECURITY_MODES].sort());
  });

  it('gives an AP its network, radios and two wireless groups, valid for the protocol', () => {
    const body = parse(
      ap({
        ...staticAddress,
        DNS2: '223.5.5.5',
        Radios: [
          { Band: '2.4', Channel: 6, Width: 20 },
          { Band: '5', Width: 80, TxPower: 20 },
        ],
        Groups: [
          group({ Bands: ['2.4', '5'], KeyUpdateInterval: 3600, RSSI: -80, Roaming: true }),
          group({
            Name: 'Guest',
            SSID: '访客网络',
            Encryption: 'open',
            Key: 'ignored',
            KeyUpdateInterval: 600,
            Bandwidth: { Up: '512K', Down: '3M' },
            VLAN: 20,
            Portal: true,
            Isolation: true,
            Schedule: [{ Days: [1, 2, 3, 4, 5], Start: '08:00', End: '20:00' }],
          }),
        ],
      }),
    );
    const config = toApplyConfig(stored(body, { Username: 'admin', PasswordHash: PASSWORD_HASH }));
    const parsed = command(config);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(config).toMatchObject({
      network: {
        mode: 'static',
        ip: '192.168.1.10',
        mask: '255.255.255.0',
        gateway: '192.168.1.1',
        dns1: '192.168.1.1',
        dns2: '223.5.5.5',
      },
      radios: [
        { band: '2.4', enabled: true, channel: 6, widthMhz: 20, txPowerDbm: null },
        { band: '5', enabled: true, channel: 0, widthMhz: 80, txPowerDbm: 20 },
      ],
      admin: { username: 'admin', passwordHash: PASSWORD_HASH },
    });
    const [office, guest] = config!.wireless!;
    expect(office).toMatchObject({
      ssid: 'Office',
      security: 'wpa2_psk',
      key: 'correct-horse-42',
      keyUpdateIntervalS: 3600,
    });
    expect(office).toMatchObject({ rateLimit: null, vlanId: null, rssiThresholdDbm: -80, roaming: true });
    expect(guest).toMatchObject({
      ssid: '访客网络',
      security: 'open',
      rateLimit: { upKbps: 512, downKbps: 3000 },
    });
    expect(guest).toMatchObject({ vlanId: 20, portal: true, isolation: true });
    expect(guest!.schedule).toEqual([{ days: [1, 2, 3, 4, 5], start: '08:00', end: '20:00' }]);
    expect(guest).not.toHaveProperty('key');
    expect(guest).not.toHaveProperty('keyUpdateIntervalS');
    expect(config).not.toHaveProperty('ports');
  });

  it('gives every encryption the key the protocol expects', () => {
    const keys: Record<string, string | undefined> = { wep: 'abcde', open: undefined, '8021x': undefined };
    for (const e of ENCRYPTIONS) {
      const body = parse(
        ap({ Groups: [group({ Encryption: e, Key: e in keys ? keys[e] : 'passphrase-1' })] }),
      );
      expect(command(toApplyConfig(stored(body))).success, e).toBe(true);
    }
  });

  it('gives a switch its ports with PoE, valid for the protocol', () => {
    const body = parse({
      Name: 'Core',
      Type: DeviceType.Switch,
      ...staticAddress,
      IP: '192.168.1.2',
      Ports: [
        { Port: 1, Description: 'uplink', Speed: 10_000, Duplex: 'full', PVID: 1, TaggedVlans: [10, 20] },
        { Port: 2, Poe: { Enabled: true, Priority: 'critical', MaxW: 30 } },
        { Port: 3, Enabled: false, Poe: { Enabled: false } },
      ],
    });
    const config = toApplyConfig(stored(body));
    expect(command(config).error?.issues ?? []).toEqual([]);
    expect(config!.ports).toEqual([
      {
        port: 1,
        enabled: true,
        description: 'uplink',
        speed: 10_000,
        duplex: 'full',
        pvid: 1,
        taggedVlans: [10, 20],
      },
      {
        port: 2,
        enabled: true,
        speed: 'auto',
        duplex: 'auto',
        pvid: 1,
        poe: { enabled: true, priority: 'critical', maxW: 30 },
      },
      {
        port: 3,
        enabled: false,
        speed: 'auto',
        duplex: 'auto',
        pvid: 1,
        poe: { enabled: false, priority: 'low', maxW: null },
      },
    ]);
    expect(config).not.toHaveProperty('wireless');
    expect(config).not.toHaveProperty('radios');
  });

  it('gives a router its WAN and LAN, the PPPoE password as stored, and no network section', () => {
    const body = parse({
      Name: 'Edge',
      Type: DeviceType.Router,
      IPMode: 'static',
      IP: '100.64.3.2',
      NetMask: '255.255.255.252',
      GateWay: '100.64.3.1',
      DNS1: '223.5.5.5',
      Lan: {
        IP: '192.168.10.1',
        NetMask: '255.255.255.0',
        DhcpStart: '192.168.10.100',
        DhcpEnd: '192.168.10.200',
      },
      Admin: { Username: 'admin', Password: 'Secret#2024' },
    });
    const admin = { Username: 'admin', PasswordHash: PASSWORD_HASH };
    const config = toApplyConfig(stored(body, admin));
    expect(command(config).error?.issues ?? []).toEqual([]);
    expect(Object.keys(config!).sort()).toEqual(['admin', 'lan', 'wan']);
    expect(config!.wan).toEqual({
      mode: 'static',
      ip: '100.64.3.2',
      mask: '255.255.255.252',
      gateway: '100.64.3.1',
      dns1: '223.5.5.5',
    });
    expect(config!.lan).toEqual({
      ip: '192.168.10.1',
      mask: '255.255.255.0',
      dhcp: { enabled: true, start: '192.168.10.100', end: '192.168.10.200' },
    });
    expect(toApplyConfig(stored(parse({ Name: 'Edge', Type: DeviceType.Router })))).toEqual({
      wan: { mode: 'dhcp' },
    });
    // A LAN without DHCP keeps no range it does not use.
    const noDhcp = parse({
      Name: 'Edge',
      Type: DeviceType.Router,
      Lan: { IP: '10.0.0.1', NetMask: '255.0.0.0', DhcpEnabled: false },
    });
    expect(toApplyConfig(stored(noDhcp))!.lan).toEqual({
      ip: '10.0.0.1',
      mask: '255.0.0.0',
      dhcp: { enabled: false },
    });
    const pppoe = parse({
      Name: 'Edge',
      Type: DeviceType.Router,
      IPMode: 'pppoe',
      Pppoe: { Username: 'u@isp', Password: 'p4ss' },
    });
    const withPppoe = toApplyConfig(stored(pppoe));
    expect(command(withPppoe).error?.issues ?? []).toEqual([]);
    expect(withPppoe).toEqual({ wan: { mode: 'pppoe', username: 'u@isp', password: 'p4ss' } });
    // Without a password to send (never stored), the WAN stays as the router has it.
    expect(toApplyConfig({ ...stored(pppoe), Pppoe: { Username: 'u@isp' } })).toBeNull();
  });

  it('sends wan and lan to routers only', () => {
    const lan = { IP: '192.168.10.1', NetMask: '255.255.255.0', DhcpEnabled: false };
    const config = toApplyConfig({ ...stored(parse(ap())), Lan: { ...lan, DhcpStart: null, DhcpEnd: null } });
    expect(config).not.toHaveProperty('wan');
    expect(config).not.toHaveProperty('lan');
    expect(config).toHaveProperty('network', { mode: 'dhcp' });
  });
});
