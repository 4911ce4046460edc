/**
 * Test support: the server as a process of its own for the kill -9 test (durability.test.ts). It is
 * main.ts without the demo, on the store and broker the test names: the SQLite file of DATA_DIR and
 * the embedded broker on MQTT_PORT, or (TEST_PG_SCHEMA) a PostgreSQL schema of its own and the
 * machine's Mosquitto, where it handles only SNs starting with TEST_SN_PREFIX.
 */
import path from 'node:path';
import { buildApp } from '../../app.ts';
import { ensureAdministrator } from '../../bootstrap.ts';
import { loadConfig } from '../../platform/config.ts';
import { openStore, type Store } from '../../platform/store/db.ts';
import { busConfig, withSchemaLock } from '../../test/harness.ts';

const env = process.env;
const config = loadConfig();
const schema = env.TEST_PG_SCHEMA;
const open = () =>
  openStore({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'console.sqlite'),
    ...(schema ? { pgSchema: schema, poolSize: 4 } : {}),
  });
// Migrations read every schema's catalogue: they share the lock the test files' schema drops take alone.
const store: Store = schema ? await withSchemaLock('shared', open) : await open();
if (env.TEST_SN_PREFIX) config.mqtt = busConfig('external', { snPrefix: env.TEST_SN_PREFIX });
const { app, services } = await buildApp(config, store);
await ensureAdministrator(store.db, config, services);
await app.listen({ port: config.port, host: config.host });
// A clean stop, as main.ts does it: the last flush writes the open spans.
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
