/**
 * The stub gateway as a process (used by measure.ts, so its work is not counted as the fleet's):
 * answers every hello with a welcome and counts the messages.
 *
 *   tsx scripts/stub-gateway.ts <url> <sn-prefix> [statsIntervalS]
 */
import { StubGateway } from '../src/stub-gateway.ts';

const [url = 'mqtt://127.0.0.1:1883', snPrefix = '', interval] = process.argv.slice(2);
const gw = await StubGateway.connect({
  url,
  snPrefix,
  keep: false,
  ...(interval ? { telemetry: { statsIntervalS: Number(interval) } } : {}),
});
process.stdout.write('ready\n');
const stop = async () => {
  process.stdout.write(`${JSON.stringify(gw.counts)}\n`);
  await gw.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
