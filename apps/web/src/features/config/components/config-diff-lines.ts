import {
  UPLOAD_SWITCHES,
  configSourceLabels,
  encryptionLabels,
  ipModeLabels,
  type ConfigVersionBody,
  type Lang,
  type ScheduleRule,
} from '@netconsole/contract';

/**
 * Two versions of a profile as aligned key/value lines, section by section, for the history's
 * side-by-side diff: basics, IP, each radio by band, each wireless group by SSID, each port by
 * number, PPPoE, LAN, the administrator, the upload switches, the file. Items are matched by what
 * names them (an SSID renamed is one group removed and one added). Secrets are never values here: a
 * password is "set" or not, and changed when its `PasswordSince` differs; a wireless key is masked
 * and compared as it is.
 */

export type DiffStatus = 'same' | 'changed' | 'added' | 'removed';

/** One side's value of a line; the component words the non-text kinds in the screen's language. */
export type DiffValue =
  | { kind: 'text'; text: string }
  | { kind: 'bool'; on: boolean }
  /** A translatable word: `auto`, `untagged`, `none`, `full`, `half`, `low`, `high`, `critical`, `always`. */
  | { kind: 'word'; word: string }
  /** A password or key: only whether one is set. */
  | { kind: 'secret'; set: boolean };

export interface DiffLine {
  /** The field: `Name`, `CycleTime`, `Encryption`, `Upload.DNSLog` … (the component's label key). */
  field: string;
  /** null: the line's item does not exist on that side. */
  left: DiffValue | null;
  right: DiffValue | null;
  status: DiffStatus;
}

export type DiffSectionKind =
  'basics' | 'ip' | 'radio' | 'group' | 'port' | 'pppoe' | 'lan' | 'admin' | 'upload' | 'file';

export interface DiffSection {
  /** Unique in the diff: the kind and the item's name. */
  key: string;
  kind: DiffSectionKind;
  /** What names the item: the band, SSID or port number; '' for the single sections. */
  name: string;
  status: DiffStatus;
  lines: DiffLine[];
}

export interface DiffOptions {
  lang: Lang;
  /** A schedule's words (the wireless screen's summary); absent: the rules' own notation. */
  schedule?: (rules: readonly ScheduleRule[]) => string;
}

/** A field of one side: the value shown, and what equality is decided on (a secret's identity). */
interface Field {
  field: string;
  value: DiffValue;
  same: unknown;
}

const text = (t: string | number): DiffValue => ({ kind: 'text', text: String(t) });
const word = (w: string): DiffValue => ({ kind: 'word', word: w });
const bool = (on: boolean): DiffValue => ({ kind: 'bool', on });
const orNone = (v: string | number | null | undefined, none = 'none'): DiffValue =>
  v === null || v === undefined || v === '' ? word(none) : text(v);
const f = (field: string, value: DiffValue, same?: unknown): Field => ({
  field,
  value,
  same: same === undefined ? value : same,
});

function basics(b: ConfigVersionBody, o: DiffOptions): Field[] {
  return [
    f('Name', text(b.Name)),
    f('Description', orNone(b.Description)),
    f('Source', text(configSourceLabels[b.Source][o.lang])),
    f('CycleTime', text(`${b.CycleTime} s`)),
  ];
}

function ip(b: ConfigVersionBody, o: DiffOptions): Field[] {
  return [
    f('IPMode', text(ipModeLabels[b.IPMode][o.lang])),
    f('IP', orNone(b.IP)),
    f('NetMask', orNone(b.NetMask)),
    f('GateWay', orNone(b.GateWay)),
    f('DNS1', orNone(b.DNS1)),
    f('DNS2', orNone(b.DNS2)),
  ];
}

type Radio = ConfigVersionBody['Radios'][number];
function radio(r: Radio): Field[] {
  return [
    f('Radio.Enabled', bool(r.Enabled)),
    f('Radio.Channel', r.Channel === 0 ? word('auto') : text(r.Channel)),
    f('Radio.Width', text(`${r.Width} MHz`)),
    f('Radio.TxPower', r.TxPower === null ? word('auto') : text(`${r.TxPower} dBm`)),
  ];
}

type Group = ConfigVersionBody['Groups'][number];
function scheduleText(rules: readonly ScheduleRule[], o: DiffOptions): DiffValue {
  if (rules.length === 0) return word('always');
  if (o.schedule) return text(o.schedule(rules));
  return text(rules.map((r) => `${r.Days.join(',')} ${r.Start}–${r.End}`).join('; '));
}
function group(g: Group, o: DiffOptions): Field[] {
  const limit = g.Bandwidth && (g.Bandwidth.Up || g.Bandwidth.Down);
  return [
    f('Group.Name', text(g.Name)),
    f('Group.Bands', text(g.Bands.map((x) => `${x} GHz`).join(' · '))),
    f('Group.Encryption', text(encryptionLabels[g.Encryption][o.lang])),
    f('Group.Key', { kind: 'secret', set: Boolean(g.Key) }, g.Key ?? null),
    f(
      'Group.KeyUpdateInterval',
      g.KeyUpdateInterval === null ? word('none') : text(`${g.KeyUpdateInterval} s`),
    ),
    f('Group.Hidden', bool(g.Hidden)),
    f('Group.MaxClients', text(g.MaxClients)),
    f(
      'Group.Bandwidth',
      limit ? text(`${g.Bandwidth?.Up ?? '—'} / ${g.Bandwidth?.Down ?? '—'}`) : word('none'),
    ),
    f('Group.Roaming', bool(g.Roaming)),
    f('Group.VLAN', g.VLAN === null ? word('untagged') : text(g.VLAN)),
    f('Group.Portal', bool(g.Portal)),
    f('Group.RSSI', g.RSSI === null ? word('none') : text(`${g.RSSI} dBm`)),
    f('Group.Isolation', bool(g.Isolation)),
    f('Group.Schedule', scheduleText(g.Schedule, o), g.Schedule),
  ];
}

type Port = ConfigVersionBody['Ports'][number];
function port(p: Port): Field[] {
  return [
    f('Port.Enabled', bool(p.Enabled)),
    f('Port.Description', orNone(p.Description)),
    f('Port.Speed', p.Speed === 'auto' ? word('auto') : text(`${p.Speed} Mbit/s`)),
    f('Port.Duplex', word(p.Duplex)),
    f('Port.PVID', text(p.PVID)),
    f('Port.TaggedVlans', p.TaggedVlans.length === 0 ? word('none') : text(p.TaggedVlans.join(', '))),
    f('Port.Poe', p.Poe === null ? word('unchanged') : bool(p.Poe.Enabled)),
    f('Port.PoePriority', p.Poe === null ? word('unchanged') : word(p.Poe.Priority)),
    f('Port.PoeMaxW', p.Poe === null || p.Poe.MaxW === null ? word('auto') : text(`${p.Poe.MaxW} W`)),
  ];
}

type Secret = ConfigVersionBody['Admin'];
function account(s: NonNullable<Secret>): Field[] {
  return [
    f('Username', text(s.Username)),
    f('Password', { kind: 'secret', set: s.PasswordSet }, s.PasswordSet ? s.PasswordSince : null),
  ];
}

function lan(l: NonNullable<ConfigVersionBody['Lan']>): Field[] {
  return [
    f('Lan.IP', text(l.IP)),
    f('Lan.NetMask', text(l.NetMask)),
    f('Lan.DhcpEnabled', bool(l.DhcpEnabled)),
    f('Lan.DhcpStart', orNone(l.DhcpStart)),
    f('Lan.DhcpEnd', orNone(l.DhcpEnd)),
  ];
}

function upload(b: ConfigVersionBody): Field[] {
  return UPLOAD_SWITCHES.map((k) => f(`Upload.${k}`, bool(b.Upload[k])));
}

function file(x: NonNullable<ConfigVersionBody['File']>): Field[] {
  return [
    f('File.Name', orNone(x.Name)),
    f('File.Format', text(x.Format)),
    f('File.Size', text(x.Size)),
    f('File.MD5', text(x.MD5)),
  ];
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The lines of one section from each side's fields (null: the item is absent on that side). */
function section(
  kind: DiffSectionKind,
  name: string,
  left: Field[] | null,
  right: Field[] | null,
): DiffSection | null {
  if (!left && !right) return null;
  const fields = (left ?? right)!.map((x) => x.field);
  const lines = fields.map((field, i): DiffLine => {
    const a = left?.[i];
    const b = right?.[i];
    const status: DiffStatus = !a ? 'added' : !b ? 'removed' : equal(a.same, b.same) ? 'same' : 'changed';
    return { field, left: a?.value ?? null, right: b?.value ?? null, status };
  });
  const status: DiffStatus = !left
    ? 'added'
    : !right
      ? 'removed'
      : lines.some((l) => l.status !== 'same')
        ? 'changed'
        : 'same';
  return { key: name ? `${kind}:${name}` : kind, kind, name, status, lines };
}

/** Items of both sides by the name that identifies them, in the left's order, then the right's new ones. */
function matched<T>(
  a: readonly T[],
  b: readonly T[],
  nameOf: (x: T) => string,
): [string, T | null, T | null][] {
  const names = [...new Set([...a.map(nameOf), ...b.map(nameOf)])];
  return names.map((n) => [
    n,
    a.find((x) => nameOf(x) === n) ?? null,
    b.find((x) => nameOf(x) === n) ?? null,
  ]);
}

/** The aligned sections of two versions (`left` the older one as the screen shows it). */
export function buildDiff(left: ConfigVersionBody, right: ConfigVersionBody, o: DiffOptions): DiffSection[] {
  const out: (DiffSection | null)[] = [
    section('basics', '', basics(left, o), basics(right, o)),
    section('ip', '', ip(left, o), ip(right, o)),
  ];
  for (const [band, a, b] of matched(left.Radios, right.Radios, (r) => r.Band)) {
    out.push(section('radio', band, a && radio(a), b && radio(b)));
  }
  for (const [ssid, a, b] of matched(left.Groups, right.Groups, (g) => g.SSID)) {
    out.push(section('group', ssid, a && group(a, o), b && group(b, o)));
  }
  const ports = matched(left.Ports, right.Ports, (p) => String(p.Port)).sort(
    (x, y) => Number(x[0]) - Number(y[0]),
  );
  for (const [n, a, b] of ports) out.push(section('port', n, a && port(a), b && port(b)));
  out.push(section('pppoe', '', left.Pppoe && account(left.Pppoe), right.Pppoe && account(right.Pppoe)));
  out.push(section('lan', '', left.Lan && lan(left.Lan), right.Lan && lan(right.Lan)));
  out.push(section('admin', '', left.Admin && account(left.Admin), right.Admin && account(right.Admin)));
  out.push(section('upload', '', upload(left), upload(right)));
  out.push(section('file', '', left.File && file(left.File), right.File && file(right.File)));
  return out.filter((s): s is DiffSection => s !== null);
}

/** Only what differs: the changed lines of changed sections, whole sections added or removed. */
export function onlyChanges(sections: readonly DiffSection[]): DiffSection[] {
  return sections
    .filter((s) => s.status !== 'same')
    .map((s) => (s.status === 'changed' ? { ...s, lines: s.lines.filter((l) => l.status !== 'same') } : s));
}

/** How many differences: each changed line, and a whole item (group, port …) added or removed as one. */
export function changeCount(sections: readonly DiffSection[]): number {
  return sections.reduce(
    (n, s) =>
      n +
      (s.status === 'added' || s.status === 'removed'
        ? 1
        : s.lines.filter((l) => l.status !== 'same').length),
    0,
  );
}
