import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DeviceType } from '../enums.ts';
import { ErrorCode, errorCatalogue } from '../errors.ts';
import { TELEMETRY_INTERVALS } from '../protocol/constants.ts';
import { DEFAULT_TELEMETRY, telemetrySettings } from '../protocol/down.ts';
import { toTelemetrySettings } from './config-apply.ts';
import {
  CONFIG_FIELD_CODES,
  CYCLE_TIME,
  CYCLE_TIME_CHOICES,
  DEFAULT_UPLOAD,
  UPLOAD_SWITCHES,
  UPLOAD_SWITCH_KEYS,
  configAcAddBody,
  configAddBody,
  configAddGroupBody,
  configIssueCode,
  configProblem,
  configUpdateBody,
  wirelessGroupsProblems,
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

/** Every catalogue code a body's issues carry (first one first). */
function codes(schema: z.ZodType, input: unknown): number[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => configIssueCode(i) ?? ErrorCode.ValidationFailed);
}
/** The code the server answers with, or null when the body is accepted. */
function refusal(schema: z.ZodType, input: unknown): number | null {
  const result = schema.safeParse(input);
  return result.success ? null : configProblem(result.error).code;
}
const accepts = (input: unknown) => expect(refusal(configAddBody, input), JSON.stringify(input)).toBeNull();
const refuses = (input: unknown, code: number) =>
  expect(refusal(configAddBody, input), JSON.stringify(input)).toBe(code);
const parse = (input: ConfigProfileInput): ConfigAddBody => configAddBody.parse(input);

describe('the report timer (spec §5: English 1-60, Chinese 10-120 in steps of 10)', () => {
  it('is one rule in every language: whole seconds from 10 to 120', () => {
    for (const t of [10, 11, 59, 60, 61, 119, 120]) accepts(ap({ CycleTime: t }));
    for (const t of [0, 1, 9, 121, 600, 10.5, -10]) refuses(ap({ CycleTime: t }), ErrorCode.CycleTimeInvalid);
    refuses(ap({ CycleTime: '60' as unknown as number }), ErrorCode.CycleTimeInvalid);
  });

  it('offers the Chinese steps 10 … 120 as choices, each of them valid', () => {
    expect(CYCLE_TIME_CHOICES).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
    for (const t of CYCLE_TIME_CHOICES) accepts(ap({ CycleTime: t }));
  });

  it("defaults to the protocol's stats cadence and becomes the device's stats interval", () => {
    const profile = parse(ap());
    expect(profile.CycleTime).toBe(CYCLE_TIME.default);
    expect(profile.CycleTime).toBe(TELEMETRY_INTERVALS.statsS.default);
    for (const t of [CYCLE_TIME.min, CYCLE_TIME.max]) {
      const telemetry = toTelemetrySettings({ CycleTime: t, Upload: DEFAULT_UPLOAD });
      expect(telemetrySettings.parse(telemetry).statsIntervalS).toBe(t);
    }
  });
});

describe('profile name, description and type', () => {
  it('requires a trimmed name of at most 32 characters', () => {
    refuses(ap({ Name: '' }), ErrorCode.ConfigNameRequired);
    refuses(ap({ Name: '   ' }), ErrorCode.ConfigNameRequired);
    refuses(ap({ Name: 'x'.repeat(33) }), ErrorCode.ConfigNameTooLong);
    refuses(ap({ Name: 'tab\there' }), ErrorCode.ConfigNameTooLong);
    expect(parse(ap({ Name: `  ${'名'.repeat(32)}  ` })).Name).toBe('名'.repeat(32));
    refuses({ Type: DeviceType.AP, Groups: [group()] }, ErrorCode.ConfigNameRequired);
  });

  it('keeps the description under 200 characters, new lines allowed', () => {
    accepts(ap({ Description: 'two\nlines' }));
    accepts(ap({ Description: 'd'.repeat(200) }));
    refuses(ap({ Description: 'd'.repeat(201) }), ErrorCode.ConfigDescriptionTooLong);
  });

  it('is for an AP, a switch or a router', () => {
    refuses(ap({ Type: DeviceType.AC as never }), ErrorCode.ConfigTypeInvalid);
    refuses(ap({ Type: undefined as never }), ErrorCode.ConfigTypeInvalid);
  });
});

describe('device IP settings (spec §5: IP, mask, gateway, DNS; 14001-14004)', () => {
  it('needs nothing with DHCP, and checks DNS overrides given', () => {
    accepts(ap());
    accepts(ap({ DNS1: '8.8.8.8', DNS2: '' }));
    refuses(ap({ DNS1: '8.8.8' }), ErrorCode.ConfigDnsFormat);
  });

  it('needs address, mask, gateway and DNS1 for a static address', () => {
    accepts(ap(staticAddress));
    refuses(ap({ ...staticAddress, IP: '' }), ErrorCode.ConfigIpFormat);
    refuses(ap({ ...staticAddress, NetMask: undefined }), ErrorCode.ConfigMaskFormat);
    refuses(ap({ ...staticAddress, GateWay: null }), ErrorCode.ConfigGatewayFormat);
    refuses(ap({ ...staticAddress, DNS1: '' }), ErrorCode.ConfigDnsFormat);
  });

  it('refuses each malformed address with its own code', () => {
    for (const ip of ['192.168.1.256', '192.168.01.10', '192.168.1', 'a.b.c.d', ' '])
      refuses(ap({ ...staticAddress, IP: ip }), ErrorCode.ConfigIpFormat);
    for (const mask of ['255.0.255.0', '0.0.0.0', '255.255.255.256'])
      refuses(ap({ ...staticAddress, NetMask: mask }), ErrorCode.ConfigMaskFormat);
    refuses(ap({ ...staticAddress, DNS2: '1.1.1.1.1' }), ErrorCode.ConfigDnsFormat);
    // Several wrong at once: the answer names the first in the form's order.
    refuses(
      ap({ ...staticAddress, IP: 'x', NetMask: 'y', GateWay: 'z', DNS1: 'w' }),
      ErrorCode.ConfigIpFormat,
    );
    refuses(ap({ ...staticAddress, NetMask: 'y', GateWay: 'z', DNS1: 'w' }), ErrorCode.ConfigMaskFormat);
    refuses(ap({ ...staticAddress, GateWay: 'z', DNS1: 'w' }), ErrorCode.ConfigGatewayFormat);
    refuses(ap({ ...staticAddress, IP: 19216811 as unknown as string }), ErrorCode.ConfigIpFormat);
  });

  it("refuses the subnet's own and broadcast address", () => {
    refuses(ap({ ...staticAddress, IP: '192.168.1.0' }), ErrorCode.ConfigIpFormat);
    refuses(ap({ ...staticAddress, IP: '192.168.1.255' }), ErrorCode.ConfigIpFormat);
    accepts(ap({ ...staticAddress, IP: '192.168.1.254' }));
  });

  it('wants the gateway in 192.168.x.x (spec §5) and in the subnet, except for a router', () => {
    refuses(ap({ ...staticAddress, GateWay: '10.0.0.1' }), ErrorCode.ConfigGatewayFormat);
    refuses(ap({ ...staticAddress, GateWay: '192.168.2.1' }), ErrorCode.ConfigGatewayFormat);
    refuses(ap({ ...staticAddress, GateWay: '192.168.1.10' }), ErrorCode.ConfigGatewayFormat);
    accepts(ap({ ...staticAddress, NetMask: '255.255.0.0', GateWay: '192.168.2.1' }));
    const router = { Name: 'Edge', Type: DeviceType.Router, IPMode: 'static', IP: '100.64.3.2' } as const;
    accepts({ ...router, NetMask: '255.255.255.252', GateWay: '100.64.3.1', DNS1: '223.5.5.5' });
    refuses(
      { ...router, NetMask: '255.255.255.0', GateWay: '100.64.4.1', DNS1: '223.5.5.5' },
      ErrorCode.ConfigGatewayFormat,
    );
  });
});

describe('wireless groups (spec §5)', () => {
  const withGroup = (over: Partial<WirelessGroupInput>) => ap({ Groups: [group(over)] });

  it('requires an SSID of at most 32 bytes of UTF-8', () => {
    refuses(withGroup({ SSID: '' }), ErrorCode.SsidRequired);
    refuses(withGroup({ SSID: '   ' }), ErrorCode.SsidRequired);
    refuses(withGroup({ SSID: 42 as unknown as string }), ErrorCode.SsidRequired);
    accepts(withGroup({ SSID: 's'.repeat(32) }));
    refuses(withGroup({ SSID: 's'.repeat(33) }), ErrorCode.SsidInvalid);
    accepts(withGroup({ SSID: '无线网络无线网络无线' + 'ab' })); // 10 × 3 + 2 = 32 bytes
    refuses(withGroup({ SSID: '无线网络无线网络无线网' }), ErrorCode.SsidInvalid); // 33 bytes
    refuses(withGroup({ SSID: 'new\nline' }), ErrorCode.SsidInvalid);
  });

  it('checks WEP keys: 5 or 13 ASCII characters, or 10 or 26 hex digits', () => {
    for (const key of ['abcde', 'abcdefghijklm', '0123456789', 'ABCDEF0123456789abcdef0123'])
      accepts(withGroup({ Encryption: 'wep', Key: key }));
    for (const key of ['abcd', 'abcdef', 'ghijklmnopqr', '0123456789abcdef0123456789a', ''])
      refuses(withGroup({ Encryption: 'wep', Key: key }), ErrorCode.WepKeyInvalid);
    refuses(withGroup({ Encryption: 'wep', Key: undefined }), ErrorCode.WepKeyInvalid);
  });

  it('checks pre-shared keys: 8 to 63 printable ASCII characters, in every PSK mode', () => {
    for (const mode of ['wpa2', 'wpa3', 'wpa_wpa2', 'wpa2_wpa3'] as const) {
      accepts(withGroup({ Encryption: mode, Key: '12345678' }));
      accepts(withGroup({ Encryption: mode, Key: 'k'.repeat(63) }));
      refuses(withGroup({ Encryption: mode, Key: '1234567' }), ErrorCode.PresharedKeyInvalid);
      refuses(withGroup({ Encryption: mode, Key: 'k'.repeat(64) }), ErrorCode.PresharedKeyInvalid);
      refuses(withGroup({ Encryption: mode, Key: '密码密码密码密码' }), ErrorCode.PresharedKeyInvalid);
      refuses(withGroup({ Encryption: mode, Key: null }), ErrorCode.PresharedKeyInvalid);
    }
  });

  it('drops a key that open and 802.1X groups do not use', () => {
    expect(parse(withGroup({ Encryption: 'open', Key: 'leftover' })).Groups[0]!.Key).toBeNull();
    expect(parse(withGroup({ Encryption: '8021x', Key: undefined })).Groups[0]!.Key).toBeNull();
  });

  it('wants a key update interval above 0 (whole seconds, at most a day)', () => {
    accepts(withGroup({ KeyUpdateInterval: 1 }));
    accepts(withGroup({ KeyUpdateInterval: 86_400 }));
    accepts(withGroup({ KeyUpdateInterval: null }));
    for (const s of [0, -1, 1.5, 86_401])
      refuses(withGroup({ KeyUpdateInterval: s }), ErrorCode.KeyUpdateIntervalInvalid);
  });

  it('wants max clients above 0 and at most 1024', () => {
    accepts(withGroup({ MaxClients: 1 }));
    accepts(withGroup({ MaxClients: 1024 }));
    for (const n of [0, 1025, 2.5]) refuses(withGroup({ MaxClients: n }), ErrorCode.MaxClientsInvalid);
  });

  it('reads bandwidth as a number and K, M, G or T', () => {
    for (const v of ['3M', '512K', '512k', '1.5G', '0.01T', ' 3M '])
      accepts(withGroup({ Bandwidth: { Up: v, Down: null } }));
    for (const v of ['3', '3X', '0K', '0.5K', '1T', '3 M', '-3M', 'M'])
      refuses(withGroup({ Bandwidth: { Up: null, Down: v } }), ErrorCode.BandwidthInvalid);
    expect(parse(withGroup({ Bandwidth: { Up: '', Down: '' } })).Groups[0]!.Bandwidth).toBeNull();
  });

  it('takes VLAN 2-4094 or none (spec §5; its "3 to 4094" text loses to the shared rule)', () => {
    for (const v of [2, 3, 4094, null]) accepts(withGroup({ VLAN: v }));
    for (const v of [0, 1, 4095, 10.5]) refuses(withGroup({ VLAN: v }), ErrorCode.VlanInvalid);
  });

  it('takes an RSSI threshold from -100 to -40 dBm or none', () => {
    for (const v of [-100, -70, -40, null]) accepts(withGroup({ RSSI: v }));
    for (const v of [-101, -39, 0, -70.5]) refuses(withGroup({ RSSI: v }), ErrorCode.RssiThresholdInvalid);
  });

  it('takes at most 14 schedule rules of days and HH:MM times', () => {
    const rule = { Days: [1, 2, 3, 4, 5], Start: '08:00', End: '20:00' };
    accepts(withGroup({ Schedule: Array.from({ length: 14 }, () => rule) }));
    accepts(withGroup({ Schedule: [{ Days: [6], Start: '22:00', End: '02:00' }] }));
    refuses(withGroup({ Schedule: Array.from({ length: 15 }, () => rule) }), ErrorCode.ScheduleInvalid);
    for (const bad of [
      { ...rule, Days: [] },
      { ...rule, Days: [1, 1] },
      { ...rule, Days: [7] },
      { ...rule, Start: '24:00' },
      { ...rule, End: '8:00' },
      { ...rule, End: '08:00' },
      { ...rule, Start: undefined },
    ])
      refuses(withGroup({ Schedule: [bad as never] }), ErrorCode.ScheduleInvalid);
  });

  it('offers each group on 1-3 different known bands', () => {
    accepts(withGroup({ Bands: ['2.4', '5', '6'] }));
    for (const bands of [[], ['5', '5'], ['7']])
      refuses(withGroup({ Bands: bands as never }), ErrorCode.WirelessBandsInvalid);
  });

  it('takes at most 8 groups, no SSID twice, no name twice, and at least one on an AP', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => group({ SSID: `ssid-${i}` }));
    accepts(ap({ Groups: many(8) }));
    refuses(ap({ Groups: many(9) }), ErrorCode.WirelessGroupLimit);
    refuses(ap({ Groups: many(65) }), ErrorCode.WirelessGroupLimit);
    refuses(ap({ Groups: [group(), group({ Name: 'Other' })] }), ErrorCode.SsidDuplicated);
    refuses(
      ap({ Groups: [group({ Name: 'Staff' }), group({ Name: 'Staff', SSID: 'Else' })] }),
      ErrorCode.WirelessGroupNameDuplicated,
    );
    // A group without a name is named by its SSID.
    refuses(
      ap({ Groups: [group({ Name: 'Guest' }), group({ SSID: 'Guest' })] }),
      ErrorCode.WirelessGroupNameDuplicated,
    );
    refuses(ap({ Groups: [] }), ErrorCode.WirelessGroupRequired);
    refuses(ap({ Groups: [group({ Name: 'n'.repeat(33) })] }), ErrorCode.WirelessGroupNameInvalid);
    expect(
      wirelessGroupsProblems([
        { Name: 'a', SSID: 'x' },
        { Name: 'a', SSID: 'x' },
      ]).map((p) => p.code),
    ).toEqual([ErrorCode.WirelessGroupNameDuplicated, ErrorCode.SsidDuplicated]);
  });

  it('gives add/groups the same group rules', () => {
    expect(refusal(configAddGroupBody, { _id: 'p1', Group: group({ Key: 'short' }) })).toBe(
      ErrorCode.PresharedKeyInvalid,
    );
    expect(refusal(configAddGroupBody, { _id: 'p1', Group: group({ VLAN: 1 }) })).toBe(ErrorCode.VlanInvalid);
    expect(refusal(configAddGroupBody, { _id: 'p1', Group: group({ MaxClients: '8' as never }) })).toBe(
      ErrorCode.MaxClientsInvalid,
    );
    expect(configAddGroupBody.parse({ _id: 'p1', Group: group() }).Group.Name).toBe('Office');
  });
});

describe('radios', () => {
  const radio = (over: object) => ap({ Radios: [{ Band: '5', Channel: 36, Width: 80, ...over }] as never });
  it('allows each band its own channels and widths, one radio per band', () => {
    accepts(radio({}));
    accepts(radio({ Band: '2.4', Channel: 0, Width: 20, TxPower: 20 }));
    refuses(radio({ Band: '2.4', Channel: 36, Width: 20 }), ErrorCode.RadioInvalid);
    refuses(radio({ Band: '2.4', Channel: 6, Width: 80 }), ErrorCode.RadioInvalid);
    refuses(radio({ TxPower: 37 }), ErrorCode.RadioInvalid);
    refuses(radio({ Band: '3' }), ErrorCode.RadioInvalid);
    const two = [
      { Band: '5', Width: 80 },
      { Band: '5', Width: 40 },
    ];
    refuses(ap({ Radios: two as never }), ErrorCode.RadioInvalid);
  });
});

describe('switch ports', () => {
  const sw = (ports: object[]) => ({ Name: 'Core', Type: DeviceType.Switch, Ports: ports });
  it('checks port number, speed and duplex, each port once', () => {
    accepts(
      sw([{ Port: 1 }, { Port: 2, Speed: 100, Duplex: 'half' }, { Port: 48, Speed: 10_000, Duplex: 'full' }]),
    );
    refuses(sw([{ Port: 0 }]), ErrorCode.PortSettingsInvalid);
    refuses(sw([{ Port: 129 }]), ErrorCode.PortSettingsInvalid);
    refuses(sw([{ Port: 1, Speed: 123 }]), ErrorCode.PortSettingsInvalid);
    refuses(sw([{ Port: 1, Speed: 1000, Duplex: 'half' }]), ErrorCode.PortSettingsInvalid);
    refuses(sw([{ Port: 3 }, { Port: 3 }]), ErrorCode.PortSettingsInvalid);
  });

  it('takes a PVID 1-4094 and tagged VLANs 2-4094 without the PVID', () => {
    accepts(sw([{ Port: 1, PVID: 1, TaggedVlans: [10, 20, 4094] }]));
    accepts(sw([{ Port: 1, PVID: 4094 }]));
    for (const pvid of [0, 4095]) refuses(sw([{ Port: 1, PVID: pvid }]), ErrorCode.VlanInvalid);
    for (const tagged of [[1], [10, 10], [4095], [20, 30, 20]])
      refuses(sw([{ Port: 1, TaggedVlans: tagged }]), ErrorCode.VlanInvalid);
    refuses(sw([{ Port: 1, PVID: 10, TaggedVlans: [10] }]), ErrorCode.VlanInvalid);
    refuses(
      sw([{ Port: 1, TaggedVlans: Array.from({ length: 65 }, (_, i) => i + 2) }]),
      ErrorCode.VlanInvalid,
    );
  });

  it('takes PoE with a priority and a limit above 0 and at most 100 W', () => {
    accepts(sw([{ Port: 1, Poe: { Enabled: true, Priority: 'high', MaxW: 30 } }]));
    accepts(sw([{ Port: 1, Poe: { Enabled: true, MaxW: 100 } }]));
    accepts(sw([{ Port: 1, Poe: { Enabled: false, MaxW: null } }]));
    for (const maxW of [0, -5, 100.5])
      refuses(sw([{ Port: 1, Poe: { Enabled: true, MaxW: maxW } }]), ErrorCode.PoeSettingsInvalid);
    refuses(sw([{ Port: 1, Poe: { Enabled: true, Priority: 'urgent' } }]), ErrorCode.PoeSettingsInvalid);
  });
});

describe('router WAN and LAN', () => {
  const router = (over: object) => ({ Name: 'Edge', Type: DeviceType.Router, ...over });
  const lan = {
    IP: '192.168.10.1',
    NetMask: '255.255.255.0',
    DhcpStart: '192.168.10.100',
    DhcpEnd: '192.168.10.200',
  };
  it('needs a PPPoE account for PPPoE, on a router only', () => {
    accepts(router({ IPMode: 'pppoe', Pppoe: { Username: 'isp-user', Password: 'isp-pass' } }));
    refuses(router({ IPMode: 'pppoe' }), ErrorCode.PppoeInvalid);
    refuses(router({ IPMode: 'pppoe', Pppoe: { Username: '', Password: 'x' } }), ErrorCode.PppoeInvalid);
    refuses(router({ IPMode: 'pppoe', Pppoe: { Username: 'u' } }), ErrorCode.PppoeInvalid);
    expect(
      refusal(configUpdateBody, router({ _id: 'p1', IPMode: 'pppoe', Pppoe: { Username: 'u' } })),
    ).toBeNull();
    refuses(ap({ IPMode: 'pppoe' }), ErrorCode.ConfigSectionNotForType);
  });

  it('keeps the DHCP range inside the LAN, in order, and off the LAN address', () => {
    accepts(router({ Lan: lan }));
    accepts(router({ Lan: { ...lan, DhcpEnabled: false, DhcpStart: null, DhcpEnd: null } }));
    accepts(router({ Lan: { ...lan, DhcpEnabled: false, DhcpStart: '10.0.0.1' } }));
    refuses(router({ Lan: { ...lan, DhcpEnabled: false, DhcpEnd: '10.0.0' } }), ErrorCode.LanInvalid);
    refuses(router({ Lan: { ...lan, IP: '192.168.10.0' } }), ErrorCode.ConfigIpFormat);
    refuses(router({ Lan: { ...lan, NetMask: '255.0.255.0' } }), ErrorCode.ConfigMaskFormat);
    refuses(router({ Lan: { ...lan, DhcpStart: '192.168.11.100' } }), ErrorCode.LanInvalid);
    refuses(router({ Lan: { ...lan, DhcpEnd: '' } }), ErrorCode.LanInvalid);
    refuses(router({ Lan: { ...lan, DhcpStart: '192.168.10.201' } }), ErrorCode.LanInvalid);
    refuses(router({ Lan: { ...lan, DhcpStart: '192.168.10.1' } }), ErrorCode.LanInvalid);
    refuses(router({ Lan: { ...lan, DhcpEnd: '192.168.10.255' } }), ErrorCode.LanInvalid);
  });

  it('refuses sections of another device type', () => {
    refuses(router({ Groups: [group()] }), ErrorCode.ConfigSectionNotForType);
    refuses(router({ Ports: [{ Port: 1 }] }), ErrorCode.ConfigSectionNotForType);
    refuses(ap({ Lan: lan }), ErrorCode.ConfigSectionNotForType);
    refuses(
      { Name: 'Core', Type: DeviceType.Switch, Radios: [{ Band: '5', Width: 80 }] },
      ErrorCode.ConfigSectionNotForType,
    );
  });
});

describe('local admin and file profiles', () => {
  it('checks the admin name and password; the password may be left out on update only', () => {
    accepts(ap({ Admin: { Username: 'admin', Password: 'Secret#2024' } }));
    refuses(
      ap({ Admin: { Username: 'root user', Password: 'Secret#2024' } }),
      ErrorCode.AdminUsernameInvalid,
    );
    refuses(ap({ Admin: { Username: '', Password: 'Secret#2024' } }), ErrorCode.AdminUsernameInvalid);
    refuses(ap({ Admin: { Username: 'admin', Password: '123456' } }), ErrorCode.AdminPasswordInvalid);
    refuses(ap({ Admin: { Username: 'admin' } }), ErrorCode.AdminPasswordInvalid);
    expect(refusal(configUpdateBody, { ...ap({ Admin: { Username: 'admin' } }), _id: 'p1' })).toBeNull();
    expect(refusal(configUpdateBody, ap())).toBe(ErrorCode.ValidationFailed); // no _id
  });

  it('needs the uploaded file for a file profile, and no wireless group then', () => {
    const file = { Path: 'config/abc.tar', MD5: '9e107d9d372bb6826bd81d3542a419d6', Size: 18432 };
    accepts({ Name: 'Vendor', Type: DeviceType.Switch, Source: 'file', File: file });
    accepts({ Name: 'Vendor AP', Type: DeviceType.AP, Source: 'file', File: file });
    refuses({ Name: 'Vendor', Type: DeviceType.Switch, Source: 'file' }, ErrorCode.ConfigFileError);
    refuses(
      { Name: 'Vendor', Type: DeviceType.Switch, Source: 'file', File: { ...file, MD5: 'x' } },
      ErrorCode.ConfigFileError,
    );
    expect(parse({ Name: 'Vendor', Type: DeviceType.Switch, Source: 'file', File: file }).File?.Format).toBe(
      'uci_tar',
    );
  });

  it('keeps the ac variants to AP profiles of a chosen AC', () => {
    expect(refusal(configAcAddBody, { ...ap(), Controller: 'ac1' })).toBeNull();
    expect(configAcAddBody.parse({ ...ap(), Type: undefined, Controller: 'ac1' }).Type).toBe(DeviceType.AP);
    expect(refusal(configAcAddBody, ap())).toBe(ErrorCode.ConfigControllerRequired);
    expect(refusal(configAcAddBody, { Name: 'Core', Type: DeviceType.Switch, Controller: 'ac1' })).toBe(
      ErrorCode.ConfigTypeInvalid,
    );
  });
});

describe('upload switches', () => {
  it("start as the protocol's defaults and map one to one onto its switches", () => {
    expect(parse(ap()).Upload).toEqual(DEFAULT_UPLOAD);
    expect(new Set(Object.values(UPLOAD_SWITCH_KEYS)).size).toBe(UPLOAD_SWITCHES.length);
    expect(Object.values(UPLOAD_SWITCH_KEYS).sort()).toEqual(Object.keys(DEFAULT_TELEMETRY.upload).sort());
    const upload = { ...parse(ap({ Upload: { DNSLog: true, CPU: false } })).Upload };
    const telemetry = toTelemetrySettings({ CycleTime: 30, Upload: upload });
    expect(telemetry.upload).toMatchObject({ dnsLog: true, cpu: false, clients: true });
    expect(telemetrySettings.safeParse(telemetry).success).toBe(true);
  });
});

describe('issue codes', () => {
  it('answers with the first refusal and lists every issue in details', () => {
    const result = configAddBody.safeParse(ap({ Name: '', Groups: [group({ VLAN: 1 })] }));
    expect(result.success).toBe(false);
    const problem = configProblem(result.error!);
    expect(problem.code).toBe(ErrorCode.VlanInvalid);
    expect(problem.details.map((d) => d.path)).toEqual(expect.arrayContaining(['Groups.0.VLAN', 'Name']));
    expect(codes(configAddBody, ap({ Name: '', Groups: [group({ VLAN: 1 })] }))).toEqual(
      expect.arrayContaining([ErrorCode.VlanInvalid, ErrorCode.ConfigNameRequired]),
    );
  });

  it('uses catalogued failure codes only', () => {
    for (const code of Object.values(CONFIG_FIELD_CODES))
      expect(errorCatalogue[code], String(code)).toBeDefined();
    expect(configIssueCode({ path: ['nothing'] })).toBeNull();
    expect(configIssueCode({ path: [] })).toBeNull();
  });
});
