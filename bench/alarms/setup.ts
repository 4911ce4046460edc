/**
 * The tenant's side of `npm run bench:alarms` before the outage: alarm settings that mail every
 * network's "device offline" alarms (and, with --grace, its grace period), the grace the engine
 * applies, and the wait until the console's topology knows each dark switch's APs are behind it.
 */
import {
  AlarmType,
  type LldpInfoReply,
  type NetworkAlarmSettings,
  type TopologyNode,
} from '@netconsole/contract';
import type { Api } from '../ingest/api.ts';
import { sleep } from '../support/cli.ts';
import { inParallel } from '../support/parallel.ts';
import type { Outage } from './plan.ts';

/**
 * "Device offline" of every network: enabled, level medium, pushed by mail to `emails`; `graceS`
 * sets its window (`Limit`, seconds), null keeps the type's default. Returns the grace in force
 * (`Window` of the type, as GET /v1/alarm/get answers it), which must be the same everywhere.
 */
export async function mailOfflineAlarms(
  tenant: Api,
  networks: readonly string[],
  emails: readonly string[],
  graceS: number | null,
): Promise<number> {
  const windows = new Set<number>();
  await inParallel(networks.length, 8, async (i) => {
    const r = await tenant.call<{ list: NetworkAlarmSettings[] }>('POST', '/v1/alarm/changeAlarm', {
      _id: networks[i],
      Type: AlarmType.DeviceOffline,
      Enable: true,
      Level: 2,
      Push: ['mail'],
      Email: emails,
      Limit: graceS ?? 0,
      Description: 'bench:alarms',
    });
    const offline = r.list[0]?.Alarms.find((a) => a.Type === AlarmType.DeviceOffline);
    if (!offline) throw new Error('POST /v1/alarm/changeAlarm: no "device offline" setting in the reply');
    windows.add(offline.Window);
  });
  if (windows.size !== 1) throw new Error(`the networks' grace periods differ: ${[...windows].join(', ')} s`);
  return [...windows][0]!;
}

/** SNs of the devices below the node with `sn` in a topology (none if it is not there). */
function below(node: TopologyNode, sn: string, inside = false): string[] {
  const here = inside || node.SN === sn;
  const out: string[] = [];
  for (const child of node.children) {
    if (here && child.SN) out.push(child.SN);
    out.push(...below(child, sn, here));
  }
  return out;
}

/**
 * Waits until each dark switch's network topology (GET /v1/switch/getLldpInfo, drawn from the
 * devices' LLDP reports) holds the switch with all its APs below it: without that the console
 * cannot tell the APs are behind it. Returns how long it took; throws after `timeoutMs`.
 */
export async function treesReady(
  tenant: Api,
  networkIds: readonly string[],
  outages: readonly Outage[],
  timeoutMs: number,
): Promise<number> {
  const t0 = performance.now();
  const waiting = new Set(outages);
  for (;;) {
    for (const o of [...waiting]) {
      const r = await tenant.call<LldpInfoReply>(
        'GET',
        `/v1/switch/getLldpInfo?_id=${networkIds[o.network]}`,
      );
      const seen = r.list ? new Set(below(r.list, o.switchSn)) : new Set<string>();
      if (o.apSns.every((sn) => seen.has(sn))) waiting.delete(o);
    }
    if (waiting.size === 0) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) {
      const o = [...waiting][0]!;
      throw new Error(
        `the topology of ${waiting.size} dark switches is not complete after ${timeoutMs / 1000} s ` +
          `(e.g. switch ${o.switchSn}: its ${o.apSns.length} APs not all below it)`,
      );
    }
    await sleep(1000);
  }
}
