/**
 * The server: the platform (store, bus, gateway, events, files, notify, jobs) and the ordered list of
 * domain modules (docs/conventions.md, "Adding an area"). A module comes after the modules it needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createBus, mqttOverWebSocket } from './platform/bus/create.ts';
import type { FactoryKey } from './platform/bus/factory-key.ts';
import type { Config } from './platform/config.ts';
import { EventBus } from './platform/events.ts';
import { LocalFileStore } from './platform/files/file-store.ts';
import { S3FileStore } from './platform/files/s3-store.ts';
import { busLink } from './platform/gateway/link.ts';
import { Gateway } from './platform/gateway/gateway.ts';
import type { App } from './platform/http/schemas.ts';
import { createServer } from './platform/http/server.ts';
import { serveConsole } from './platform/http/web.ts';
import { systemClock, type Clock } from './platform/ids.ts';
import { Jobs } from './platform/jobs/jobs.ts';
import { mountModules, type Platform, type ServicesOf } from './platform/module.ts';
import { createNotify } from './platform/notify/notify.ts';
import { LiveHub } from './platform/realtime/hub.ts';
import type { Store } from './platform/store/db.ts';
import { accountModule } from './domains/account/module.ts';
import { appModule } from './domains/app/module.ts';
import { clientModule } from './domains/client/module.ts';
import { configModule } from './domains/config/module.ts';
import { deliveryModule } from './domains/delivery/module.ts';
import { deviceModule } from './domains/device/module.ts';
import { firmwareDispatchModule } from './domains/firmware/dispatch-module.ts';
import { firmwareModule } from './domains/firmware/module.ts';
import { helpModule } from './domains/help/module.ts';
import { liveModule } from './domains/live/module.ts';
import { chooseProtocol } from './domains/live/routes.ts';
import { alarmModule } from './domains/alarm/module.ts';
import { logModule } from './domains/log/module.ts';
import { notificationModule } from './domains/notification/module.ts';
import { diagnosisModule } from './domains/diagnosis/module.ts';
import { diagnosisTimerModule } from './domains/diagnosis-timer/module.ts';
import { analyticsModule } from './domains/analytics/module.ts';
import { behaviourModule } from './domains/behaviour/module.ts';
import { logoModule } from './domains/logo/module.ts';
import { mailModule } from './domains/mail/module.ts';
import { mapModule } from './domains/map/module.ts';
import { messageModule } from './domains/message/module.ts';
import { networkModule } from './domains/network/module.ts';
import { opsModule } from './domains/ops/module.ts';
import { systemModule } from './domains/system/module.ts';
import { telemetryModule } from './domains/telemetry/module.ts';
import { tenantAdminModule } from './domains/tenant/admin-module.ts';
import { tenantModule } from './domains/tenant/module.ts';
import { topologyModule } from './domains/topology/module.ts';
import { userModule } from './domains/user/module.ts';

/** Built in this order; started in this order, then the gateway; stopped in reverse after it. */
export const MODULES = [
  tenantModule,
  userModule, // installs the route guard: before any module with routes
  logModule, // installs the audit hook: before any module with routes but the user module's
  accountModule,
  deviceModule,
  deliveryModule, // the campaigns of commands: before the areas that start them (config)
  tenantAdminModule,
  logoModule,
  helpModule,
  appModule,
  mailModule,
  messageModule,
  clientModule,
  networkModule,
  configModule,
  firmwareModule,
  firmwareDispatchModule,
  topologyModule,
  telemetryModule,
  alarmModule, // reads the device stream, the topology and the networks above
  notificationModule, // tells people of the alarms
  diagnosisModule, // ping and mtr from the devices: delivery campaigns, results, the alarm hook
  diagnosisTimerModule, // recurring diagnoses and the built-in timed tasks
  analyticsModule, // rankings and traffic over the telemetry and client reports
  behaviourModule, // DNS behaviour over the dns reports
  mapModule,
  liveModule,
  systemModule,
  opsModule, // last: ready once everything above started
] as const;

export type Services = ServicesOf<typeof MODULES> &
  Pick<Platform, 'bus' | 'hub' | 'gateway' | 'notify' | 'events' | 'jobs'>;

export interface Built {
  app: App;
  services: Services;
  /** Where the factory key came from (never the key itself: it is not printed). */
  factoryKey: FactoryKey;
}

const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function buildApp(
  config: Config,
  store: Store,
  opts: { clock?: Clock; logger?: boolean } = {},
): Promise<Built> {
  const clock = opts.clock ?? systemClock;
  const app = await createServer(config, {
    version: VERSION,
    logger: opts.logger,
    handleProtocols: chooseProtocol,
  });
  const log = app.log;
  const { bus, factoryKey } = createBus(config, log);
  const gateway = new Gateway({ bus, clock, log, snPrefix: config.mqtt.snPrefix });
  const platform: Platform = {
    config,
    version: VERSION,
    store,
    db: store.db,
    clock,
    log,
    events: new EventBus(log),
    hub: new LiveHub(),
    bus,
    gateway,
    link: busLink(bus, clock),
    notify: createNotify(config.notify, store.db, clock),
    files:
      config.files.kind === 's3'
        ? new S3FileStore(config.files)
        : new LocalFileStore(path.join(config.dataDir, 'files')),
    jobs: new Jobs({ db: store.db, engine: store.engine, clock, log }),
  };

  // Registered before the modules' own hooks: ops counts readiness from after this one.
  let modules: Awaited<ReturnType<typeof mountModules<typeof MODULES>>> | null = null;
  app.addHook('onReady', async () => {
    await modules!.start();
    // The domains are ready for device messages: now the gateway takes them, and jobs run.
    await gateway.start();
    platform.jobs.start();
  });
  app.addHook('preClose', async () => modules?.preClose());
  app.addHook('onClose', async () => {
    // No new job runs (those running finish); stop taking device messages and finish those taken;
    // then each domain writes its last.
    await platform.jobs.stop();
    await gateway.stop();
    await modules?.stop();
    await platform.notify.mailer.close();
  });
  modules = await mountModules(app, platform, MODULES);
  mqttOverWebSocket(app, bus);
  await serveConsole(app, config.webDist);

  const { events, hub, notify, jobs } = platform;
  return { app, services: { ...modules.services, bus, hub, gateway, notify, events, jobs }, factoryKey };
}
