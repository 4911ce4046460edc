import path from 'node:path';
import { buildApp } from './app.ts';
import { ensureAdministrator } from './bootstrap.ts';
import { DEMO_COADMIN, DEMO_TENANT, seedDemo } from './demo.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openStore } from './platform/store/db.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'console.sqlite'),
    slowStatementMs: config.slowStatementMs,
  });
  const { app, services, factoryKey } = await buildApp(config, store);
  store.onSlowStatement((s) => app.log.warn(s, 'slow store statement'));
  await services.help.seedShipped();
  const first = await ensureAdministrator(store.db, config, services);
  const demo = config.demo ? await seedDemo(store.db, services, Date.now()) : false;

  let fleet: { stop(): Promise<void>; devices: readonly unknown[] } | null = null;
  const close = async () => {
    await fleet?.stop();
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (config.demo && services.bus.kind === 'embedded') {
    const { startDemoFleet } = await import('./demo-fleet.ts');
    const broker = services.bus.endpoints(`http://127.0.0.1:${config.port}`)[0]!;
    fleet = await startDemoFleet(services, broker, factoryKey.hex, store.db, demo);
  }
  const lines = [
    '',
    `  Network console ready at ${url}  (${config.mode} mode, store: ${store.engine})`,
    first.adminPassword
      ? `  Administrator: ${first.adminUsername} / ${first.adminPassword}   (created now: keep this password)`
      : `  Administrator: ${first.adminUsername}`,
  ];
  if (config.demo) {
    lines.push(
      `  Demo tenant:   ${DEMO_TENANT.username} / ${DEMO_TENANT.password}${demo ? '   (created now)' : ''}`,
    );
    lines.push(`  Demo co-administrator: ${DEMO_COADMIN.username} / ${DEMO_COADMIN.password}`);
    if (fleet)
      lines.push(
        `  Demo fleet:    ${fleet.devices.length} simulated devices on three sites (apps/device-sim)`,
      );
  }
  const n = config.notify;
  lines.push(
    `  Mail: ${n.smtpUrl ? `SMTP ${new URL(n.smtpUrl).host}` : 'outbox (SMTP_URL not set)'};  SMS: ${n.sms ? new URL(n.sms.url).host : 'outbox (SMS_* not set)'}`,
  );
  const bus = services.bus;
  lines.push(
    `  Devices (MQTT): ${bus.endpoints(url).join('  ')}${bus.kind === 'external' ? '   (external broker)' : ''}`,
    `  Factory key:   ${factoryKey.source === 'environment' ? 'FACTORY_KEY (environment)' : factoryKey.source}${
      factoryKey.created ? '   (created now: back it up; every device password derives from it)' : ''
    }`,
  );
  lines.push(`  API docs: ${url}/docs`, '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
