/** The device bus of a configuration: the embedded broker, or an external one (docs/deployment.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../http/schemas.ts';
import type { Config } from '../config.ts';
import type { DeviceBus } from './bus.ts';
import { EmbeddedBus } from './embedded.ts';
import { ExternalBus } from './external.ts';
import { resolveFactoryKey, type FactoryKey } from './factory-key.ts';

export function createBus(
  config: Config,
  log: FastifyBaseLogger,
): { bus: DeviceBus; factoryKey: FactoryKey } {
  const factoryKey = resolveFactoryKey(config.mqtt.factoryKey, config.dataDir);
  const bus: DeviceBus = config.mqtt.url
    ? new ExternalBus({ url: config.mqtt.url, shareGroup: config.mqtt.shareGroup, log })
    : new EmbeddedBus({ factoryKey: factoryKey.hex, port: config.mqtt.port, host: config.host, log });
  return { bus, factoryKey };
}

/** With the embedded broker, devices may also connect over WebSocket on the console's port. */
export function mqttOverWebSocket(app: App, bus: DeviceBus): void {
  if (!(bus instanceof EmbeddedBus)) return;
  app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, req) =>
    bus.handleWebSocket(socket, req.raw),
  );
}
