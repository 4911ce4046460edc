import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, LOGO_MAX_BYTES, PROTOCOL_LIMITS, errorText } from '@netconsole/contract';
import type { Config } from './platform/config.ts';
import { installAuth } from './platform/auth/guard.ts';
import type { DeviceBus } from './platform/bus/bus.ts';
import { EmbeddedBus } from './platform/bus/embedded.ts';
import { ExternalBus } from './platform/bus/external.ts';
import { resolveFactoryKey, type FactoryKey } from './platform/bus/factory-key.ts';
import { LocalFileStore } from './platform/files/file-store.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './platform/http/error-handler.ts';
import { createSerializerCompiler } from './platform/http/serializer.ts';
import { requestLang } from './platform/http/lang.ts';
import type { App } from './platform/http/schemas.ts';
import { systemClock, type Clock } from './platform/ids.ts';
import { createNotify, type Notify } from './platform/notify/notify.ts';
import type { Store } from './platform/store/db.ts';
import { VerificationCodes } from './domains/account/codes.ts';
import { ContactService } from './domains/account/contact-service.ts';
import { RecoveryService } from './domains/account/recovery-service.ts';
import { ReleaseService } from './domains/app/release-service.ts';
import { LiveClients } from './domains/client/live.ts';
import { clientRoutes } from './domains/client/routes.ts';
import { ClientService } from './domains/client/service.ts';
import { CommandService } from './domains/device/commands.ts';
import { LiveDevices } from './domains/device/live.ts';
import { DevicePlacement } from './domains/device/placement.ts';
import { deviceRoutes } from './domains/device/routes.ts';
import { DeviceService } from './domains/device/service.ts';
import { GatewayCounters } from './domains/gateway/counters.ts';
import { Gateway } from './domains/gateway/gateway.ts';
import { telemetryRoutes } from './domains/telemetry/routes.ts';
import { TelemetryService } from './domains/telemetry/service.ts';
import { messageRoutes } from './domains/message/routes.ts';
import { opsRoutes } from './domains/ops/routes.ts';
import { MessageService } from './domains/message/service.ts';
import { mapRoutes } from './domains/map/routes.ts';
import { MapService } from './domains/map/service.ts';
import { NetworkLog } from './domains/network/netlog.ts';
import { networkRoutes } from './domains/network/routes.ts';
import { NetworkService } from './domains/network/service.ts';
import { topologyRoutes } from './domains/topology/routes.ts';
import { TopologyService } from './domains/topology/service.ts';
import { LiveHub } from './platform/realtime/hub.ts';
import { chooseProtocol, liveRoutes } from './domains/live/routes.ts';
import { LiveSockets } from './domains/live/sockets.ts';
import { busLink } from './domains/gateway/link.ts';
import { appRoutes, releaseRoutes } from './domains/app/routes.ts';
import { HelpEditor } from './domains/help/editor.ts';
import { helpEditRoutes, helpRoutes } from './domains/help/routes.ts';
import { HelpService } from './domains/help/service.ts';
import { logoRoutes } from './domains/logo/routes.ts';
import { LogoService } from './domains/logo/service.ts';
import { OutboxService } from './domains/mail/outbox-service.ts';
import { outboxRoutes } from './domains/mail/routes.ts';
import { smsRoutes } from './domains/sms/routes.ts';
import { systemRoutes } from './domains/system/routes.ts';
import { TenantAdminService } from './domains/tenant/admin-service.ts';
import { tenantRoutes } from './domains/tenant/routes.ts';
import { TenantService } from './domains/tenant/service.ts';
import { AccountService } from './domains/user/account-service.ts';
import { accountRoutes } from './domains/user/account-routes.ts';
import { CoAdminService } from './domains/user/coadmin-service.ts';
import { coAdminRoutes } from './domains/user/coadmin-routes.ts';
import { profileRoutes } from './domains/user/profile-routes.ts';
import { userRoutes } from './domains/user/routes.ts';
import { UserService } from './domains/user/service.ts';

export interface Services {
  tenants: TenantService;
  tenantAdmin: TenantAdminService;
  users: UserService;
  coAdmins: CoAdminService;
  codes: VerificationCodes;
  contacts: ContactService;
  recovery: RecoveryService;
  logos: LogoService;
  help: HelpService;
  helpEditor: HelpEditor;
  releases: ReleaseService;
  outbox: OutboxService;
  notify: Notify;
  devices: DeviceService;
  telemetry: TelemetryService;
  networks: NetworkService;
  netlog: NetworkLog;
  topology: TopologyService;
  messages: MessageService;
  commands: CommandService;
  clients: ClientService;
  liveClients: LiveClients;
  live: LiveDevices;
  gateway: Gateway;
  bus: DeviceBus;
  hub: LiveHub;
  liveSockets: LiveSockets;
}

export interface Built {
  app: App;
  services: Services;
  /** Where the factory key came from (never the key itself: it is not printed). */
  factoryKey: FactoryKey;
}

const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** API paths answer JSON 404s; every other unknown path is the console's (its router shows /404). */
const API_PREFIXES = ['/v1/', '/system/', '/docs', '/mqtt', '/weixin/', '/files/'];

export async function buildApp(
  config: Config,
  store: Store,
  opts: { clock?: Clock; logger?: boolean } = {},
): Promise<Built> {
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
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
      info: { title: 'Network console API', version: VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Routes refer to schemas registered with an id (ErrorReply, …); this writes them into
    // components.schemas, without which every such $ref dangles.
    transformObject: jsonSchemaTransformObject,
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
  const coAdmins = new CoAdminService(store.db, clock, users, tenants);
  const tenantAdmin = new TenantAdminService(store.db, clock, tenants, users, config.publicUrl);
  const notify = createNotify(config.notify, store.db, clock);
  const codes = new VerificationCodes(store.db, clock);
  const contacts = new ContactService(users, codes, notify, app.log);
  const recovery = new RecoveryService(users, codes, notify, app.log);
  const logos = new LogoService(new LocalFileStore(path.join(config.dataDir, 'files')), tenants);
  const help = new HelpService(store.db, clock);
  const helpEditor = new HelpEditor(store.db, clock);
  const releases = new ReleaseService(store.db, clock);
  const outbox = new OutboxService(store.db);
  installAuth(app, (token, o) => users.resolvePrincipal(token, o));
  app.addHook('onClose', async () => {
    await recovery.idle();
    await notify.mailer.close();
  });

  // The device bus and gateway: the embedded broker, or an external one (docs/deployment.md).
  const factoryKey = resolveFactoryKey(config.mqtt.factoryKey, config.dataDir);
  const embedded = config.mqtt.url
    ? null
    : new EmbeddedBus({
        factoryKey: factoryKey.hex,
        port: config.mqtt.port,
        host: config.host,
        log: app.log,
      });
  const bus: DeviceBus =
    embedded ?? new ExternalBus({ url: config.mqtt.url!, shareGroup: config.mqtt.shareGroup, log: app.log });
  const link = busLink(bus, clock);
  // What changed, pushed to the browsers of its tenant (the /v1/ws route).
  const hub = new LiveHub();
  const live = new LiveDevices(store.db, clock, app.log, hub);
  const commands = new CommandService(store.db, clock, live, link, app.log, hub);
  const liveClients = new LiveClients(store.db, clock, live, hub, app.log);
  commands.listen((row) => liveClients.commandChanged(row));
  const clients = new ClientService(store.db, clock, liveClients, live, commands);
  // The gateway counts each device's dropped messages; the device items show them.
  const dropCounters = new GatewayCounters(clock());
  const devices = new DeviceService(store.db, clock, live, link, commands, hub, dropCounters);
  const placement = new DevicePlacement(store.db, clock, live);
  const networks = new NetworkService(store.db, clock, placement);
  const messages = new MessageService(store.db, clock, tenants);
  const netlog = new NetworkLog(store.db, clock, app.log, networks, placement);
  networks.journal = netlog;
  networks.observe(netlog);
  const topology = new TopologyService({
    db: store.db,
    clock,
    log: app.log,
    live,
    link,
    placement,
    networks,
    messages,
    journal: netlog,
  });
  networks.observe(topology);
  networks.onlineUsers = (scope, ids) => clients.onlineByNetwork(scope, ids);
  const telemetry = new TelemetryService({
    db: store.db,
    clock,
    log: app.log,
    devices,
    live,
    bus,
    publicUrl: config.publicUrl,
    flushEveryMs: config.telemetryFlushMs,
  });
  const gateway = new Gateway({
    bus,
    live,
    commands,
    link,
    clock,
    log: app.log,
    snPrefix: config.mqtt.snPrefix,
    telemetry,
    clients: liveClients,
    topology,
    counters: dropCounters,
  });
  live.meter = gateway.metrics;
  tenantAdmin.addUsageCheck((tenantId) => devices.tenantInUse(tenantId));
  // onClose hooks run last-added first: telemetry's final flush comes after the gateway stopped.
  app.addHook('onReady', () => telemetry.start());
  app.addHook('onClose', () => telemetry.stop());
  // The client tables start before the gateway takes messages, and write last after it stopped.
  app.addHook('onReady', () => liveClients.start());
  app.addHook('onClose', () => liveClients.stop());
  // The topology writes its last neighbours after the gateway stopped.
  app.addHook('onReady', () => netlog.start(live));
  app.addHook('onClose', () => netlog.stop());
  app.addHook('onReady', () => topology.start());
  app.addHook('onClose', () => topology.stop());
  app.addHook('onReady', () => gateway.start());
  app.addHook('onClose', () => gateway.stop());
  // WebSockets: the console's live socket (/v1/ws, sub-protocol `live`) and, with the embedded
  // broker, MQTT over WebSocket on the console's own port (/mqtt: `mqtt`, binary frames, protocol §2.1).
  await app.register(websocket, {
    options: { maxPayload: PROTOCOL_LIMITS.maxPacketBytes, handleProtocols: chooseProtocol },
  });
  const liveSockets = new LiveSockets({ db: store.db, clock, hub, log: app.log });
  app.addHook('onReady', () => liveSockets.start());
  app.addHook('preClose', () => liveSockets.stop());
  if (embedded) {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, req) =>
      embedded.handleWebSocket(socket, req.raw),
    );
  }

  userRoutes(app, users, recovery);
  profileRoutes(app, users, contacts);
  coAdminRoutes(app, coAdmins);
  accountRoutes(app, new AccountService(store.db, users, tenants));
  tenantRoutes(app, tenantAdmin);
  smsRoutes(app, recovery);
  // Only the logo upload takes multipart bodies; every other route still refuses them (4150).
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1, fields: 10, fileSize: LOGO_MAX_BYTES } });
    logoRoutes(scoped, logos);
  });
  helpRoutes(app, help);
  helpEditRoutes(app, helpEditor);
  outboxRoutes(app, outbox);
  systemRoutes(app, { version: VERSION, mode: config.mode, clock, metrics: gateway.metrics });
  appRoutes(app, store.db);
  releaseRoutes(app, releases);
  deviceRoutes(app, devices, commands);
  clientRoutes(app, clients);
  telemetryRoutes(app, telemetry);
  networkRoutes(app, networks, netlog);
  mapRoutes(app, new MapService(config.maps));
  liveRoutes(app, liveSockets, (token, o) => users.resolvePrincipal(token, o));
  topologyRoutes(app, topology);
  messageRoutes(app, messages);
  // Last: its onReady hook marks the end of start-up for GET /readyz.
  opsRoutes(app, {
    store,
    metricsToken: config.metricsToken,
    ingest: gateway.metrics,
    busStarted: () => gateway.running,
    version: VERSION,
    mode: config.mode,
  });

  const dist = config.webDist;
  const hasWeb = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
    // Hashed assets are looked up per request, so a rebuilt console is served without a restart.
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    // A missing asset is a 404, not the console page (an old tab would parse HTML as a script).
    const isAsset = req.url.startsWith('/assets/') || /\.[a-z0-9]+(\?|$)/i.test(req.url.split('?')[0]!);
    if (!isApi && !isAsset && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ErrorCode.NotFound, message: errorText(ErrorCode.NotFound, requestLang(req)) });
  });

  return {
    app,
    services: {
      tenants,
      tenantAdmin,
      users,
      coAdmins,
      codes,
      contacts,
      recovery,
      logos,
      help,
      helpEditor,
      releases,
      outbox,
      notify,
      devices,
      networks,
      netlog,
      topology,
      messages,
      telemetry,
      commands,
      clients,
      liveClients,
      live,
      gateway,
      bus,
      hub,
      liveSockets,
    },
    factoryKey,
  };
}
