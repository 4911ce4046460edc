import {
  CYCLE_TIME,
  DEFAULT_UPLOAD,
  DeviceType,
  WIFI_BANDS,
  configAddBody,
  configIssueCode,
  configUpdateBody,
  type ConfigItem,
  type ConfigProfileInput,
  type Encryption,
  type IpMode,
  type ProfileUpload,
  type ScheduleRule,
  type WifiBand,
} from '@netconsole/contract';

/**
 * The AP profile form's values and their way to and from the contract's body. The values mirror the
 * body field by field (`Groups[i].Bandwidth.Up` is the body's), so an issue of the contract's schema
 * lands on the form field of the same path: the form checks with the very schema the server uses
 * (configAddBody / configUpdateBody), and every refusal carries its 14xxx code.
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

export interface ProfileFormValues {
  Name: string;
  Description: string;
  CycleTime: number;
  IPMode: Extract<IpMode, 'dhcp' | 'static'>;
  IP: string;
  NetMask: string;
  GateWay: string;
  DNS1: string;
  DNS2: string;
  Radios: RadioValues[];
  Groups: GroupValues[];
  Upload: ProfileUpload;
}

export type FieldName = (string | number)[];

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

/** A band's usual width when its radio is first set: 20 MHz keeps 2.4 GHz clear of its neighbours. */
const DEFAULT_WIDTH: Readonly<Record<WifiBand, number>> = { '2.4': 20, '5': 80, '6': 160 };

function defaultRadio(band: WifiBand): RadioValues {
  return { Band: band, Set: false, Enabled: true, Channel: 0, Width: DEFAULT_WIDTH[band], TxPower: null };
}

/**
 * The form's first values: a new profile, a stored one to edit, or a copy of one (`copyName`: its
 * new name). A copy leaves the device administrator out: its password is kept only as a hash the
 * copy cannot carry over.
 */
export function initialValues(item?: ConfigItem, copyName?: string): ProfileFormValues {
  if (!item) {
    return {
      Name: '',
      Description: '',
      CycleTime: CYCLE_TIME.default,
      IPMode: 'dhcp',
      IP: '',
      NetMask: '',
      GateWay: '',
      DNS1: '',
      DNS2: '',
      Radios: WIFI_BANDS.map(defaultRadio),
      Groups: [newGroup()],
      Upload: { ...DEFAULT_UPLOAD },
    };
  }
  return {
    Name: copyName ?? item.Name,
    Description: item.Description,
    CycleTime: item.CycleTime,
    IPMode: item.IPMode === 'static' ? 'static' : 'dhcp',
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
    Groups: item.Groups.map((g) => ({
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
      Schedule: g.Schedule,
    })),
    Upload: { ...item.Upload },
  };
}

/** The bands whose radio the profile sets, in form order: body index → form index. */
function setRadios(values: ProfileFormValues): number[] {
  return values.Radios.flatMap((r, i) => (r.Set ? [i] : []));
}

/**
 * The body of POST add / PUT update. `kept`: the stored profile being edited, whose sections this
 * form does not show (the device administrator) go back unchanged (its password stays on the server).
 */
export function toProfileBody(
  values: ProfileFormValues,
  kept?: Pick<ConfigItem, '_id' | 'Admin'>,
): ConfigProfileInput & { _id?: string } {
  const staticMode = values.IPMode === 'static';
  const address = (v: string) => (staticMode && v.trim() ? v.trim() : null);
  return {
    ...(kept ? { _id: kept._id } : {}),
    Name: values.Name ?? '',
    Description: values.Description ?? '',
    Type: DeviceType.AP,
    Source: 'settings',
    CycleTime: values.CycleTime,
    IPMode: values.IPMode,
    IP: address(values.IP ?? ''),
    NetMask: address(values.NetMask ?? ''),
    GateWay: address(values.GateWay ?? ''),
    DNS1: address(values.DNS1 ?? ''),
    DNS2: address(values.DNS2 ?? ''),
    Radios: setRadios(values).map((i) => {
      const r = values.Radios[i]!;
      return {
        Band: r.Band,
        Enabled: r.Enabled,
        Channel: r.Channel ?? 0,
        Width: r.Width,
        TxPower: r.TxPower,
      };
    }),
    Groups: values.Groups.map((g) => ({
      ...(g.Name ? { Name: g.Name } : {}),
      SSID: g.SSID ?? '',
      Bands: g.Bands ?? [],
      Encryption: g.Encryption,
      Key: g.Key || null,
      KeyUpdateInterval: g.KeyUpdateInterval,
      Hidden: g.Hidden,
      // A cleared number is sent as it is: the schema refuses it with the field's code.
      MaxClients: g.MaxClients as number,
      Bandwidth: { Up: g.Bandwidth?.Up ?? '', Down: g.Bandwidth?.Down ?? '' },
      Roaming: g.Roaming,
      VLAN: g.VLAN,
      Portal: g.Portal,
      RSSI: g.RSSI,
      Isolation: g.Isolation,
      Schedule: g.Schedule ?? [],
    })),
    Upload: values.Upload,
    ...(kept?.Admin ? { Admin: { Username: kept.Admin.Username } } : {}),
  };
}

export interface FieldProblem {
  /** The form field's name; `['Groups']` for the list as a whole (none, more than 8). */
  name: FieldName;
  code: number;
}

/**
 * What the server's schema refuses in these values, each on its form field with its 14xxx code. An
 * update is checked as an update (absent passwords keep the stored ones).
 */
export function profileProblems(
  values: ProfileFormValues,
  kept?: Pick<ConfigItem, '_id' | 'Admin'>,
): FieldProblem[] {
  const body = toProfileBody(values, kept);
  const result = (kept ? configUpdateBody : configAddBody).safeParse(body);
  if (result.success) return [];
  const radios = setRadios(values);
  return result.error.issues.map((issue) => {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    // The body holds only the radios that are set: index back to the form's row of that band.
    if (path[0] === 'Radios' && typeof path[1] === 'number') path[1] = radios[path[1]] ?? path[1];
    return { name: path, code: configIssueCode(issue) ?? 4000 };
  });
}

export const sameName = (a: FieldName, b: FieldName) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/** The code of the first problem on this field, or null. */
export function problemAt(problems: readonly FieldProblem[], name: FieldName): number | null {
  return problems.find((p) => sameName(p.name, name))?.code ?? null;
}
