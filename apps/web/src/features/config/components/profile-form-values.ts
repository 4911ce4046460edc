import {
  CYCLE_TIME,
  DEFAULT_UPLOAD,
  DeviceType,
  ErrorCode,
  WIFI_BANDS,
  configAddBody,
  configIssueCode,
  configUpdateBody,
  portInput,
  type ConfigFile,
  type ConfigItem,
  type ConfigProfileInput,
  type ConfigSource,
  type ConfigType,
  type DUPLEX_MODES,
  type Encryption,
  type IpMode,
  type POE_PRIORITIES,
  type PortSettings,
  type PortSpeed,
  type ProfileUpload,
  type ScheduleRule,
  type WifiBand,
  type WirelessGroup,
  type WirelessGroupInput,
} from '@netconsole/contract';

/**
 * A profile form's values (AP, switch or router) and their way to and from the contract's body. The
 * values mirror the body field by field (`Groups[i].Bandwidth.Up`, `Lan.DhcpStart`, `Admin.Username`
 * are the body's), so an issue of the contract's schema lands on the form field of the same path:
 * the form checks with the very schema the server uses (configAddBody / configUpdateBody), and every
 * refusal carries its 14xxx code. The sections of another device type stay empty and are not sent.
 */
export interface GroupValues {
  /** A stored group's own name when it is not its SSID; otherwise the name follows the SSID. */
  Name?: string;
  SSID: string;
  Bands: WifiBand[];
  Encryption: Encryption;
  Key: string;
  KeyUpdateInterval: number | null;
  Hidden: boolean;
  MaxClients: number | null;
  Bandwidth: { Up: string; Down: string };
  Roaming: boolean;
  VLAN: number | null;
  Portal: boolean;
  RSSI: number | null;
  Isolation: boolean;
  /** Kept as stored: the schedule rules are edited on the wireless screen. */
  Schedule: ScheduleRule[];
}

/** One radio per band; only the bands marked `Set` go into the profile (a device refuses a band it lacks). */
export interface RadioValues {
  Band: WifiBand;
  Set: boolean;
  Enabled: boolean;
  Channel: number | null;
  Width: number;
  TxPower: number | null;
}

/** `keep`: the profile leaves the port's PoE as the switch has it (the body's `Poe: null`). */
export type PoeMode = 'keep' | 'on' | 'off';

/** One port the profile sets; ports not listed are left as the switch has them. */
export interface PortValues {
  Port: number;
  Enabled: boolean;
  Description: string;
  Speed: PortSpeed;
  Duplex: (typeof DUPLEX_MODES)[number];
  PVID: number | null;
  /** As typed: VLAN IDs and ranges, like "10, 20, 30-32". */
  TaggedVlans: string;
  Poe: { Mode: PoeMode; Priority: (typeof POE_PRIORITIES)[number]; MaxW: number | null };
}

export interface ProfileFormValues {
  Type: ConfigType;
  Name: string;
  Description: string;
  CycleTime: number;
  /** `file`: a vendor configuration file replaces every settings section. */
  Source: ConfigSource;
  File: ConfigFile | null;
  /** The device's address; for a router its WAN, where PPPoE is a third way. */
  IPMode: IpMode;
  IP: string;
  NetMask: string;
  GateWay: string;
  DNS1: string;
  DNS2: string;
  Radios: RadioValues[];
  Groups: GroupValues[];
  /** The ports the profile sets, by port number. */
  Ports: PortValues[];
  /** The password is write-only: empty keeps the stored one. */
  Pppoe: { Username: string; Password: string };
  /** `Set` false: the router keeps its own LAN. */
  Lan: {
    Set: boolean;
    IP: string;
    NetMask: string;
    DhcpEnabled: boolean;
    DhcpStart: string;
    DhcpEnd: string;
  };
  /** The device's local administrator; `Set` false leaves the device's own. Empty password keeps the stored one. */
  Admin: { Set: boolean; Username: string; Password: string };
  Upload: ProfileUpload;
}

export type FieldName = (string | number)[];

/** One port as the body carries it. */
export type PortInput = NonNullable<ConfigProfileInput['Ports']>[number];

/** What the form keeps of the stored profile it edits: its id and which secrets it holds. */
export type KeptProfile = Pick<ConfigItem, '_id'> & Partial<Pick<ConfigItem, 'Admin' | 'Pppoe'>>;

export function newGroup(): GroupValues {
  return {
    SSID: '',
    Bands: ['2.4', '5'],
    Encryption: 'wpa2',
    Key: '',
    KeyUpdateInterval: null,
    Hidden: false,
    MaxClients: 64,
    Bandwidth: { Up: '', Down: '' },
    Roaming: false,
    VLAN: null,
    Portal: false,
    RSSI: null,
    Isolation: false,
    Schedule: [],
  };
}

/** A port as a switch comes: on, automatic speed and duplex, untagged in VLAN 1, PoE as it is. */
/** A stored wireless group as the form holds it (the AP form and the wireless screen's editor). */
export function groupValues(g: WirelessGroup): GroupValues {
  return {
    ...(g.Name !== g.SSID ? { Name: g.Name } : {}),
    SSID: g.SSID,
    Bands: [...g.Bands],
    Encryption: g.Encryption,
    Key: g.Key ?? '',
    KeyUpdateInterval: g.KeyUpdateInterval,
    Hidden: g.Hidden,
    MaxClients: g.MaxClients,
    Bandwidth: { Up: g.Bandwidth?.Up ?? '', Down: g.Bandwidth?.Down ?? '' },
    Roaming: g.Roaming,
    VLAN: g.VLAN,
    Portal: g.Portal,
    RSSI: g.RSSI,
    Isolation: g.Isolation,
    Schedule: g.Schedule.map((r) => ({ ...r, Days: [...r.Days] })),
  };
}

/** A group's form values as the profile body and `add/groups` send them. */
export function groupBody(g: GroupValues): WirelessGroupInput {
  return {
    ...(g.Name ? { Name: g.Name } : {}),
    SSID: g.SSID ?? '',
    Bands: g.Bands ?? [],
    Encryption: g.Encryption,
    Key: g.Key || null,
    KeyUpdateInterval: g.KeyUpdateInterval,
    Hidden: g.Hidden,
    MaxClients: g.MaxClients as number,
    Bandwidth: { Up: g.Bandwidth?.Up ?? '', Down: g.Bandwidth?.Down ?? '' },
    Roaming: g.Roaming,
    VLAN: g.VLAN,
    Portal: g.Portal,
    RSSI: g.RSSI,
    Isolation: g.Isolation,
    Schedule: g.Schedule ?? [],
  };
}

export function newPort(port: number): PortValues {
  return {
    Port: port,
    Enabled: true,
    Description: '',
    Speed: 'auto',
    Duplex: 'auto',
    PVID: 1,
    TaggedVlans: '',
    Poe: { Mode: 'keep', Priority: 'low', MaxW: null },
  };
}

/** A band's usual width when its radio is first set: 20 MHz keeps 2.4 GHz clear of its neighbours. */
const DEFAULT_WIDTH: Readonly<Record<WifiBand, number>> = { '2.4': 20, '5': 80, '6': 160 };

function defaultRadio(band: WifiBand): RadioValues {
  return { Band: band, Set: false, Enabled: true, Channel: 0, Width: DEFAULT_WIDTH[band], TxPower: null };
}

/** A router's LAN as most small routers ship: 192.168.1.1/24, DHCP handing out .100-.199. */
const DEFAULT_LAN: ProfileFormValues['Lan'] = {
  Set: true,
  IP: '192.168.1.1',
  NetMask: '255.255.255.0',
  DhcpEnabled: true,
  DhcpStart: '192.168.1.100',
  DhcpEnd: '192.168.1.199',
};

/** VLAN IDs as the form shows them: ascending, runs of three or more as a range ("10, 20, 30-32"). */
export function rangesText(vlans: readonly number[]): string {
  const sorted = [...vlans].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * The VLAN IDs of what was typed. A token that is no number or range becomes NaN, so the contract
 * refuses it with the tagged VLANs' own code rather than the form dropping it silently.
 */
export function parseVlans(text: string): number[] {
  const out: number[] = [];
  for (const token of text.split(/[\s,，;]+/).filter(Boolean)) {
    const range = /^(\d+)-(\d+)$/.exec(token);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      // A range wider than every VLAN is refused as it stands, not expanded.
      if (from > to || to - from > 4094) out.push(Number.NaN);
      else for (let v = from; v <= to; v++) out.push(v);
    } else out.push(/^\d+$/.test(token) ? Number(token) : Number.NaN);
  }
  return out;
}

export function portValues(p: PortSettings): PortValues {
  return {
    Port: p.Port,
    Enabled: p.Enabled,
    Description: p.Description,
    Speed: p.Speed,
    Duplex: p.Duplex,
    PVID: p.PVID,
    TaggedVlans: rangesText(p.TaggedVlans),
    Poe: p.Poe
      ? { Mode: p.Poe.Enabled ? 'on' : 'off', Priority: p.Poe.Priority, MaxW: p.Poe.MaxW }
      : { Mode: 'keep', Priority: 'low', MaxW: null },
  };
}

/** The body's port. A cleared number is sent as it is: the schema refuses it with the field's code. */
export function portBody(p: PortValues): PortInput {
  return {
    Port: p.Port,
    Enabled: p.Enabled,
    Description: p.Description ?? '',
    Speed: p.Speed,
    Duplex: p.Duplex,
    PVID: p.PVID as number,
    TaggedVlans: parseVlans(p.TaggedVlans ?? ''),
    Poe:
      p.Poe.Mode === 'keep'
        ? null
        : { Enabled: p.Poe.Mode === 'on', Priority: p.Poe.Priority, MaxW: p.Poe.MaxW },
  };
}

/**
 * The form's first values: a new profile of `type`, a stored one to edit, or a copy of one
 * (`copyName`: its new name). A copy leaves the device administrator out, and asks for the PPPoE
 * password again: both are kept on the server only, the administrator's only as a hash.
 */
export function initialValues(
  item?: ConfigItem,
  copyName?: string,
  type: ConfigType = item?.Type ?? DeviceType.AP,
): ProfileFormValues {
  if (!item) {
    return {
      Type: type,
      Name: '',
      Description: '',
      CycleTime: CYCLE_TIME.default,
      Source: 'settings',
      File: null,
      IPMode: 'dhcp',
      IP: '',
      NetMask: '',
      GateWay: '',
      DNS1: '',
      DNS2: '',
      Radios: WIFI_BANDS.map(defaultRadio),
      Groups: type === DeviceType.AP ? [newGroup()] : [],
      Ports: [],
      Pppoe: { Username: '', Password: '' },
      Lan: { ...DEFAULT_LAN, Set: type === DeviceType.Router },
      Admin: { Set: false, Username: 'admin', Password: '' },
      Upload: { ...DEFAULT_UPLOAD },
    };
  }
  const copy = copyName !== undefined;
  return {
    Type: item.Type,
    Name: copyName ?? item.Name,
    Description: item.Description,
    CycleTime: item.CycleTime,
    Source: item.Source,
    File: item.File,
    IPMode: item.IPMode,
    IP: item.IP ?? '',
    NetMask: item.NetMask ?? '',
    GateWay: item.GateWay ?? '',
    DNS1: item.DNS1 ?? '',
    DNS2: item.DNS2 ?? '',
    Radios: WIFI_BANDS.map((band) => {
      const r = item.Radios.find((x) => x.Band === band);
      return r
        ? {
            Band: band,
            Set: true,
            Enabled: r.Enabled,
            Channel: r.Channel,
            Width: r.Width,
            TxPower: r.TxPower,
          }
        : defaultRadio(band);
    }),
    // A file profile of an AP starts its settings with one group, should it turn to settings.
    Groups:
      item.Groups.length === 0 && item.Type === DeviceType.AP ? [newGroup()] : item.Groups.map(groupValues),
    Ports: [...item.Ports].sort((a, b) => a.Port - b.Port).map(portValues),
    Pppoe: { Username: item.Pppoe?.Username ?? '', Password: '' },
    Lan: item.Lan
      ? {
          Set: true,
          IP: item.Lan.IP,
          NetMask: item.Lan.NetMask,
          DhcpEnabled: item.Lan.DhcpEnabled,
          DhcpStart: item.Lan.DhcpStart ?? '',
          DhcpEnd: item.Lan.DhcpEnd ?? '',
        }
      : { ...DEFAULT_LAN, Set: false },
    Admin:
      item.Admin && !copy
        ? { Set: true, Username: item.Admin.Username, Password: '' }
        : { Set: false, Username: 'admin', Password: '' },
    Upload: { ...item.Upload },
  };
}

/** The bands whose radio the profile sets, in form order: body index → form index. */
function setRadios(values: ProfileFormValues): number[] {
  return values.Radios.flatMap((r, i) => (r.Set ? [i] : []));
}

/**
 * The body of POST add / PUT update. `kept`: the stored profile being edited (its `_id`); an empty
 * password field leaves the stored password as it is, so it is not sent.
 */
export function toProfileBody(
  values: ProfileFormValues,
  kept?: KeptProfile,
): ConfigProfileInput & { _id?: string } {
  const type = values.Type ?? DeviceType.AP;
  const base = {
    ...(kept ? { _id: kept._id } : {}),
    Name: values.Name ?? '',
    Description: values.Description ?? '',
    Type: type,
    CycleTime: values.CycleTime,
    Upload: values.Upload,
  };
  // A file replaces the device's whole configuration: no settings section goes with it.
  if (values.Source === 'file') return { ...base, Source: 'file', File: values.File };

  const router = type === DeviceType.Router;
  const mode: IpMode = values.IPMode === 'pppoe' && !router ? 'dhcp' : values.IPMode;
  const staticMode = mode === 'static';
  const address = (v: string | undefined) => (staticMode && v?.trim() ? v.trim() : null);
  const secret = (v: string | undefined) => (v ? { Password: v } : {});
  return {
    ...base,
    Source: 'settings',
    IPMode: mode,
    IP: address(values.IP),
    NetMask: address(values.NetMask),
    GateWay: address(values.GateWay),
    DNS1: address(values.DNS1),
    DNS2: address(values.DNS2),
    Radios:
      type === DeviceType.AP
        ? setRadios(values).map((i) => {
            const r = values.Radios[i]!;
            return {
              Band: r.Band,
              Enabled: r.Enabled,
              Channel: r.Channel ?? 0,
              Width: r.Width,
              TxPower: r.TxPower,
            };
          })
        : [],
    Groups: type === DeviceType.AP ? values.Groups.map(groupBody) : [],
    Ports: type === DeviceType.Switch ? (values.Ports ?? []).map(portBody) : [],
    Pppoe:
      router && mode === 'pppoe'
        ? { Username: values.Pppoe?.Username ?? '', ...secret(values.Pppoe?.Password) }
        : null,
    Lan:
      router && values.Lan?.Set
        ? {
            IP: values.Lan.IP ?? '',
            NetMask: values.Lan.NetMask ?? '',
            DhcpEnabled: values.Lan.DhcpEnabled,
            DhcpStart: values.Lan.DhcpStart || null,
            DhcpEnd: values.Lan.DhcpEnd || null,
          }
        : null,
    ...(values.Admin?.Set
      ? { Admin: { Username: values.Admin.Username ?? '', ...secret(values.Admin.Password) } }
      : {}),
  };
}

export interface FieldProblem {
  /** The form field's name; `['Groups']` for the list as a whole (none, more than 8). */
  name: FieldName;
  code: number;
}

/**
 * What the server refuses in these values, each on its form field with its 14xxx code: the schema's
 * issues, and on an update the passwords the server cannot keep (none stored, or the administrator
 * renamed), which it would refuse with the same codes.
 */
export function profileProblems(values: ProfileFormValues, kept?: KeptProfile): FieldProblem[] {
  const body = toProfileBody(values, kept);
  const result = (kept ? configUpdateBody : configAddBody).safeParse(body);
  const problems: FieldProblem[] = [];
  if (!result.success) {
    const radios = setRadios(values);
    for (const issue of result.error.issues) {
      const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
      // The body holds only the radios that are set: index back to the form's row of that band.
      if (path[0] === 'Radios' && typeof path[1] === 'number') path[1] = radios[path[1]] ?? path[1];
      // A port's field as a whole: one bad entry of its tagged VLANs is the list's problem.
      if (path[0] === 'Ports' && path.length > 2) path.splice(2, Infinity, ...fieldOf(path.slice(2)));
      problems.push({ name: path, code: configIssueCode(issue) ?? ErrorCode.ValidationFailed });
    }
  }
  if (kept) {
    const admin = body.Admin;
    if (
      admin &&
      !admin.Password &&
      !(kept.Admin?.PasswordSet && kept.Admin.Username === admin.Username.trim())
    )
      problems.push({ name: ['Admin', 'Password'], code: ErrorCode.AdminPasswordInvalid });
    if (body.Pppoe && !body.Pppoe.Password && !kept.Pppoe?.PasswordSet)
      problems.push({ name: ['Pppoe', 'Password'], code: ErrorCode.PppoeInvalid });
  }
  return problems;
}

/** What the contract refuses in one port as the front panel's editor holds it, on the editor's fields. */
export function portProblems(port: PortValues): FieldProblem[] {
  const result = portInput.safeParse(portBody(port));
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    name: fieldOf(issue.path),
    code: configIssueCode({ ...issue, path: ['Ports', 0, ...issue.path] }) ?? ErrorCode.PortSettingsInvalid,
  }));
}

/** The form field an issue's path points into: its string keys (a list's entries are the list's). */
function fieldOf(path: readonly PropertyKey[]): string[] {
  return path.filter((k): k is string => typeof k === 'string');
}

export const sameName = (a: FieldName, b: FieldName) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/** The code of the first problem on this field, or null. */
export function problemAt(problems: readonly FieldProblem[], name: FieldName): number | null {
  return problems.find((p) => sameName(p.name, name))?.code ?? null;
}
