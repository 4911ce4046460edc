/** The device services' way out (DeviceLink) as protocol messages on the bus (protocol §5.3, §7.1). */
import {
  PROTOCOL_VERSION,
  downTopic,
  encodeMessage,
  type DownMessage,
  type TelemetrySettings,
} from '@netconsole/contract';
import type { DeviceBus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/ids.ts';
import type { DeviceLink, OutgoingCommand } from './device-link.ts';

export function busLink(bus: DeviceBus, clock: Clock): DeviceLink {
  return {
    async welcome(sn: string, session: string, registered: boolean, telemetry: TelemetrySettings) {
      const message: DownMessage<'welcome'> = {
        v: PROTOCOL_VERSION,
        ts: clock(),
        session,
        registered,
        telemetry,
      };
      await bus.publish(downTopic(sn, 'welcome'), encodeMessage(message));
    },
    async command(sn: string, c: OutgoingCommand) {
      const message = {
        ...c.body,
        v: PROTOCOL_VERSION,
        ts: clock(),
        id: c.id,
        cmd: c.kind,
        expires: c.expires,
      };
      await bus.publish(downTopic(sn, c.kind), encodeMessage(message));
    },
  };
}
