/** Every message schema of the protocol by direction and kind (the topic's last level). */
import type { z } from 'zod';
import { ackMessage } from './acks.ts';
import {
  applyConfigCommand,
  cancelCommand,
  kickClientCommand,
  rebootCommand,
  releaseClientCommand,
  reportNowCommand,
  resetCommand,
  runDiagnosisCommand,
  setControllerCommand,
  setTelemetryCommand,
  upgradeFirmwareCommand,
  welcomeMessage,
} from './down.ts';
import type { DownKind, UpKind } from './topics.ts';
import {
  clientsMessage,
  dnsMessage,
  eventsMessage,
  helloMessage,
  lldpMessage,
  logsMessage,
  offlineMessage,
  portsMessage,
  probesMessage,
  stateMessage,
  statsMessage,
} from './up.ts';

export const upSchemas = {
  hello: helloMessage,
  state: stateMessage,
  stats: statsMessage,
  clients: clientsMessage,
  lldp: lldpMessage,
  ports: portsMessage,
  events: eventsMessage,
  logs: logsMessage,
  dns: dnsMessage,
  probes: probesMessage,
  acks: ackMessage,
  offline: offlineMessage,
} as const satisfies Record<UpKind, z.ZodType>;

export const downSchemas = {
  welcome: welcomeMessage,
  reboot: rebootCommand,
  reset: resetCommand,
  kick_client: kickClientCommand,
  release_client: releaseClientCommand,
  set_controller: setControllerCommand,
  apply_config: applyConfigCommand,
  upgrade_firmware: upgradeFirmwareCommand,
  run_diagnosis: runDiagnosisCommand,
  cancel: cancelCommand,
  set_telemetry: setTelemetryCommand,
  report_now: reportNowCommand,
} as const satisfies Record<DownKind, z.ZodType>;

/** A parsed message of an up kind, e.g. `UpMessage<'stats'>`. */
export type UpMessage<K extends UpKind = UpKind> = { [P in K]: z.output<(typeof upSchemas)[P]> }[K];
/** A message of a down kind as the server builds it (before parsing, so optional fields may be absent). */
export type DownMessage<K extends DownKind = DownKind> = { [P in K]: z.input<(typeof downSchemas)[P]> }[K];
/** A message of an up kind as a device (or the simulator) builds it. */
export type UpMessageInput<K extends UpKind = UpKind> = { [P in K]: z.input<(typeof upSchemas)[P]> }[K];
export type ParsedDownMessage<K extends DownKind = DownKind> = {
  [P in K]: z.output<(typeof downSchemas)[P]>;
}[K];
