/**
 * Numbers of the device protocol (docs/device-protocol.md). Everything a device or the gateway has
 * to agree on lives here, so the simulator, the server and the document read one source.
 */

/** The major version carried in every message as `v`. Additive changes never bump it (see §Versioning). */
export const PROTOCOL_VERSION = 1;

/** The first level of every topic: `dev/{sn}/up/{kind}` and `dev/{sn}/down/{kind}`. */
export const TOPIC_ROOT = 'dev';

/** A serial number: 8 to 32 upper-case letters and digits. It is also the MQTT client id and user name. */
export const SN_RE = /^[A-Z0-9]{8,32}$/;
/** A kind (last topic level), an event type, a reason code or a capability: lower snake case, 1-32. */
export const TOKEN_RE = /^[a-z][a-z0-9_]{0,31}$/;
/** A command id chosen by the server: 1-64 of letters, digits, `_` and `-` (a UUID or ULID fits). */
export const COMMAND_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** A boot id or session id chosen by the device: 8-32 letters and digits, random per boot / connection. */
export const NONCE_RE = /^[A-Za-z0-9]{8,32}$/;
/** A MAC address on the wire: exactly the stored form of the contract (`normalizeMac`): 12 upper-case hex digits. */
export const WIRE_MAC_RE = /^[0-9A-F]{12}$/;
/**
 * A host name for diagnosis targets: dot-separated labels of letters, digits and inner hyphens, at most
 * 253 characters, the last label starting with a letter (so a mistyped address is not a host name).
 */
export const HOSTNAME_RE =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Size and count limits. A message over a limit is invalid as a whole: the receiver drops it. */
export const PROTOCOL_LIMITS = {
  /** UTF-8 bytes of one payload, in both directions. */
  maxPayloadBytes: 65_536,
  /** MQTT packets above this make the broker close the connection (MQTT 5: reason 0x95). */
  maxPacketBytes: 131_072,
  /** Clients in one `clients` page; a bigger table is split across pages of one snapshot. */
  maxClientsPerMessage: 100,
  /** Pages of one `clients` snapshot (so at most 10 000 clients per device). */
  maxClientPages: 100,
  maxLldpNeighbors: 128,
  maxPorts: 128,
  maxRadios: 4,
  maxWan: 4,
  maxEventsPerMessage: 50,
  maxLogLinesPerMessage: 50,
  maxDnsEntriesPerMessage: 200,
  maxProbesPerMessage: 200,
  maxExtraMacs: 16,
  maxDiagnosisTargets: 10,
  maxMtrHops: 30,
  /** spec §9: at most 8 SSIDs. */
  maxWirelessGroups: 8,
  maxScheduleRules: 14,
  maxTaggedVlans: 64,
  maxAllowedUrls: 64,
  maxNtpServers: 4,
  /** Characters of a log line. */
  maxLogText: 512,
  /** Characters of a free-text `detail` or event `text`. */
  maxDetailText: 256,
  /** Characters of names: model, hardware version, host names of clients, SSIDs are bytes (32). */
  maxName: 64,
  maxUrl: 1024,
  maxHostname: 253,
} as const;

/** spec §5 and §9: ping count at most 30, packet size at most 1464 bytes. */
export const DIAGNOSIS_LIMITS = {
  count: { min: 1, max: 30, default: 4 },
  sizeBytes: { min: 16, max: 1464, default: 56 },
  timeoutMs: { min: 100, max: 10_000, default: 1000 },
  intervalMs: { min: 200, max: 5000, default: 1000 },
  maxHops: { min: 1, max: 30, default: 30 },
} as const;

/** Cadences in seconds: [minimum, default, maximum]. The server sets them in `welcome` and `set_telemetry`. */
export const TELEMETRY_INTERVALS = {
  statsS: { min: 1, default: 10, max: 3600 },
  clientsS: { min: 10, default: 60, max: 3600 },
  portsS: { min: 10, default: 60, max: 3600 },
  lldpS: { min: 30, default: 300, max: 86_400 },
} as const;

/** Connection timing. */
export const PROTOCOL_TIMING = {
  /** MQTT keep-alive the device sets in CONNECT; the broker drops a silent connection after 1.5 times this. */
  keepAliveS: 30,
  /** How long a device waits for `welcome` before publishing `hello` again, and how many times it tries. */
  welcomeWaitS: 15,
  helloAttempts: 3,
  /** Reconnect back-off: first delay, cap; full jitter; reset after a connection has lasted `stableS`. */
  reconnectMinS: 1,
  reconnectMaxS: 300,
  reconnectStableS: 60,
  /** After a refused CONNECT (bad credentials, not authorised) a device waits at least this long. */
  refusedRetryS: 300,
  /** The device answers a command with its first report (accepted, rejected or terminal) within this time. */
  ackWithinS: 10,
  /** Progress reports: at most one per this many seconds per command (terminal reports are never held back). */
  progressMinIntervalS: 2,
  /** After an applied configuration cuts the device off the console for this long, it rolls back. */
  configConfirmS: 120,
  /** The device remembers command ids and their last report at least this long (and across reboots, see doc). */
  commandMemoryS: 86_400,
  /** The server fails a started command that sends no report for this long (timed out). */
  reportStallS: 1800,
  /** The server assembles the pages of one `clients` snapshot within this time, else drops the snapshot. */
  snapshotAssemblyS: 30,
  /** Without any message for max(3 stats intervals, this), the server marks a device offline. */
  silenceOfflineS: 90,
  /** The server replaces a device `ts` further than this from its own clock by its receive time. */
  clockSkewToleranceS: 300,
} as const;

/** Per-device inbound limit at the gateway: a token bucket; messages beyond it are dropped and counted. */
export const DEVICE_RATE_LIMIT = {
  messagesPerSecond: 10,
  burst: 100,
  /** A device that keeps the bucket empty this long is disconnected. */
  floodDisconnectS: 60,
} as const;

/** Default expiry of a command held by the server for an offline device, in seconds, per kind. */
export const COMMAND_EXPIRY_S = {
  reboot: 3600,
  reset: 86_400,
  kick_client: 300,
  release_client: 3600,
  set_controller: 3600,
  apply_config: 7 * 86_400,
  upgrade_firmware: 7 * 86_400,
  run_diagnosis: 600,
  cancel: 600,
  set_telemetry: 0,
  report_now: 0,
} as const;
