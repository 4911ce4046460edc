/**
 * Topics of the device protocol: `dev/{sn}/up/{kind}` (device → server) and `dev/{sn}/down/{kind}`
 * (server → device). A device may publish only under its own `dev/{sn}/up/` and subscribe only to its
 * own `dev/{sn}/down/` (broker ACL).
 */
import { SN_RE, TOKEN_RE, TOPIC_ROOT } from './constants.ts';

export const UP_KINDS = [
  'hello',
  'state',
  'stats',
  'clients',
  'lldp',
  'ports',
  'events',
  'logs',
  'dns',
  'probes',
  'acks',
  'offline',
] as const;
export type UpKind = (typeof UP_KINDS)[number];

/** Commands: every one carries an id and is answered on `up/acks`. */
export const COMMAND_KINDS = [
  'reboot',
  'reset',
  'kick_client',
  'release_client',
  'set_controller',
  'apply_config',
  'upgrade_firmware',
  'run_diagnosis',
  'cancel',
  'set_telemetry',
  'report_now',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** `welcome` is the server's answer to `hello`: a notice, not a command (no id, no acknowledgement). */
export const DOWN_KINDS = ['welcome', ...COMMAND_KINDS] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

export type TopicDirection = 'up' | 'down';

/** MQTT QoS per kind. Telemetry that is re-sent periodically is QoS 0; facts that must arrive are QoS 1. */
export const UP_QOS: Readonly<Record<UpKind, 0 | 1>> = {
  hello: 1,
  state: 1,
  stats: 0,
  clients: 0,
  lldp: 1,
  ports: 1,
  events: 1,
  logs: 1,
  dns: 0,
  probes: 0,
  acks: 1,
  offline: 1,
};
/** Everything the server sends is QoS 1; devices subscribe with QoS 1. */
export const DOWN_QOS = 1 as const;

const upKindSet: ReadonlySet<string> = new Set(UP_KINDS);
const downKindSet: ReadonlySet<string> = new Set(DOWN_KINDS);

export function isUpKind(kind: string): kind is UpKind {
  return upKindSet.has(kind);
}
export function isDownKind(kind: string): kind is DownKind {
  return downKindSet.has(kind);
}
export function isCommandKind(kind: string): kind is CommandKind {
  return kind !== 'welcome' && downKindSet.has(kind);
}

export function isDeviceSn(value: string): boolean {
  return SN_RE.test(value);
}

function checkSn(sn: string): void {
  if (!SN_RE.test(sn)) throw new RangeError(`not a device SN: ${JSON.stringify(sn)}`);
}

export function upTopic(sn: string, kind: UpKind): string {
  checkSn(sn);
  return `${TOPIC_ROOT}/${sn}/up/${kind}`;
}

export function downTopic(sn: string, kind: DownKind): string {
  checkSn(sn);
  return `${TOPIC_ROOT}/${sn}/down/${kind}`;
}

/** What a device subscribes to (QoS 1) before it publishes `hello`. */
export function deviceSubscription(sn: string): string {
  checkSn(sn);
  return `${TOPIC_ROOT}/${sn}/down/+`;
}

/** What the server subscribes to; with several server nodes, prefix `$share/<group>/`. */
export const SERVER_SUBSCRIPTION = `${TOPIC_ROOT}/+/up/+`;

/** A syntactically valid topic of the protocol, whether or not its kind is known. */
export interface TopicParts {
  sn: string;
  direction: TopicDirection;
  kind: string;
}

export type ParsedTopic =
  { sn: string; direction: 'up'; kind: UpKind } | { sn: string; direction: 'down'; kind: DownKind };

/**
 * Splits `dev/{sn}/{up|down}/{kind}` without judging the kind: null for anything else (other root,
 * bad SN, extra or missing levels, wildcards, a kind that is not a lower-snake-case token). The
 * gateway uses it to count messages of kinds it does not know.
 */
export function splitTopic(topic: string): TopicParts | null {
  const parts = topic.split('/');
  if (parts.length !== 4) return null;
  const [root, sn, direction, kind] = parts as [string, string, string, string];
  if (root !== TOPIC_ROOT || !SN_RE.test(sn) || !TOKEN_RE.test(kind)) return null;
  if (direction !== 'up' && direction !== 'down') return null;
  return { sn, direction, kind };
}

/** A topic of a known kind, or null (including for well-formed topics of unknown kinds). */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = splitTopic(topic);
  if (!parts) return null;
  const { sn, direction, kind } = parts;
  if (direction === 'up') return isUpKind(kind) ? { sn, direction, kind } : null;
  return isDownKind(kind) ? { sn, direction, kind } : null;
}
