/**
 * The Fastify instance with what every route relies on: zod validation, checked reply serializers,
 * the one error handler, cookies, the OpenAPI document at /docs and WebSockets.
 */
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { PROTOCOL_LIMITS } from '@netconsole/contract';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './error-handler.ts';
import type { App } from './schemas.ts';
import { createSerializerCompiler } from './serializer.ts';

export interface ServerOptions {
  version: string;
  logger?: boolean;
  /** Picks the sub-protocol of a WebSocket upgrade (the live socket's `live`, MQTT's `mqtt`). */
  handleProtocols: (offered: Set<string>, request: IncomingMessage) => string | false;
}

export async function createServer(config: Config, o: ServerOptions): Promise<App> {
  const app = Fastify({
    logger: o.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // Two lines per request drown everything else at the default level; debug and trace keep them.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    trustProxy: config.trustProxy,
    // Error replies come from one handler; no framework default should leak (the error handler
    // answers requests during shutdown itself).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: config.checkReplies }));
  installErrorHandler(app);

  // External plugins first, then the app's own, then routes (fastify/demo's order).
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Network console API', version: o.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Routes refer to schemas registered with an id (ErrorReply, …); this writes them into
    // components.schemas, without which every such $ref dangles.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // WebSockets: the console's live socket (/v1/ws) and, with the embedded broker, MQTT over
  // WebSocket on the console's own port (/mqtt: `mqtt`, binary frames, protocol §2.1).
  await app.register(websocket, {
    options: { maxPayload: PROTOCOL_LIMITS.maxPacketBytes, handleProtocols: o.handleProtocols },
  });
  return app;
}
