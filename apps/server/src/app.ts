import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, errorText } from '@netconsole/contract';
import type { Config } from './platform/config.ts';
import { installAuth } from './platform/auth/guard.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { requestLang } from './platform/http/lang.ts';
import type { App } from './platform/http/schemas.ts';
import { systemClock, type Clock } from './platform/ids.ts';
import type { Store } from './platform/store/db.ts';
import { appRoutes } from './domains/app/routes.ts';
import { helpRoutes } from './domains/help/routes.ts';
import { HelpService } from './domains/help/service.ts';
import { systemRoutes } from './domains/system/routes.ts';
import { TenantService } from './domains/tenant/service.ts';
import { CoAdminService } from './domains/user/coadmin-service.ts';
import { coAdminRoutes } from './domains/user/coadmin-routes.ts';
import { userRoutes } from './domains/user/routes.ts';
import { UserService } from './domains/user/service.ts';

export interface Services {
  tenants: TenantService;
  users: UserService;
  coAdmins: CoAdminService;
  help: HelpService;
}

export interface Built {
  app: App;
  services: Services;
}

const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** API paths answer JSON 404s; every other unknown path is the console's (its router shows /404). */
const API_PREFIXES = ['/v1/', '/system/', '/docs', '/mqtt', '/weixin/'];

export async function buildApp(
  config: Config,
  store: Store,
  opts: { clock?: Clock; logger?: boolean } = {},
): Promise<Built> {
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Error replies come from one handler; no framework default should leak.
    return503OnClosing: true,
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  // External plugins first, then the app's own, then routes (fastify/demo's order).
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Network console API', version: VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const tenants = new TenantService(store.db, clock);
  const users = new UserService({
    db: store.db,
    clock,
    mode: config.mode,
    throttle: config.loginThrottle,
    tenants,
  });
  const coAdmins = new CoAdminService(store.db, clock, users);
  const help = new HelpService(store.db, clock);
  installAuth(app, (token, o) => users.resolvePrincipal(token, o));

  userRoutes(app, users);
  coAdminRoutes(app, coAdmins);
  helpRoutes(app, help);
  systemRoutes(app, { version: VERSION, mode: config.mode, clock });
  appRoutes(app, store.db);

  const dist = config.webDist;
  const hasWeb = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (!isApi && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ErrorCode.NotFound, message: errorText(ErrorCode.NotFound, requestLang(req)) });
  });

  return { app, services: { tenants, users, coAdmins, help } };
}
