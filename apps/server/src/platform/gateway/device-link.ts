/**
 * How the device services reach a device, without knowing the transport: the gateway implements it
 * over the bus (platform/gateway/link.ts).
 */
import type { CommandKind, TelemetrySettings } from '@netconsole/contract';

export interface OutgoingCommand {
  id: string;
  kind: CommandKind;
  /** Server time after which the device must not start it. */
  expires: number;
  /** The command's own fields (e.g. `delayS` of a reboot). */
  body: Record<string, unknown>;
}

export interface DeviceLink {
  /** The answer to a hello (or a new one, when the registration changed during the session). */
  welcome(sn: string, session: string, registered: boolean, telemetry: TelemetrySettings): Promise<void>;
  command(sn: string, command: OutgoingCommand): Promise<void>;
}

/** Command ids are ULIDs: 26 characters, sortable by issue time (protocol §7.1). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newCommandId(now: number, random: (n: number) => Uint8Array): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const bytes = random(16);
  let rest = '';
  for (let i = 0; i < 16; i++) rest += CROCKFORD[bytes[i]! % 32]!;
  return time + rest;
}
