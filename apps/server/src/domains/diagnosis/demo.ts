/**
 * Demo data of the diagnosis area: a week of a daily ping of the default probe domains from the
 * head office's APs (a timer's runs, one of them poor), and an MTR by hand, so
 * /maintenance/diagnose_record opens on runs, device results and a chart at a first visit. Stored
 * as ended runs directly: the live fleet answers every new diagnosis for real.
 */
import {
  DEFAULT_PROBE_DOMAINS,
  networkQualityOf,
  resultCodeOf,
  type MtrHopItem,
  type TargetResultItem,
} from '@netconsole/contract';
import type { Insertable } from 'kysely';
import { newId } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { outcomeOf } from './results.ts';
import { insertPoints, insertRun } from './store.ts';
import type { DiagnosisResultTable } from './tables.ts';

const DAY = 86_400_000;

export interface DemoDevice {
  _id: string;
  SN: string;
  Alias: string;
  Type: number | null;
  Parent: string | null;
}

/** A small deterministic generator: the demo is the same at every first start. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

function target(
  next: () => number,
  name: string,
  baseMs: number,
  lossPct: number,
  count: number,
): TargetResultItem {
  const received = Math.round(count * (1 - lossPct / 100));
  const rtts = Array.from({ length: received }, () => Math.round((baseMs + next() * baseMs * 0.3) * 10) / 10);
  const avg = received ? Math.round((rtts.reduce((a, b) => a + b, 0) / received) * 10) / 10 : null;
  const loss = Math.round(((count - received) / count) * 1000) / 10;
  return {
    Target: name,
    IP: `93.184.${Math.floor(next() * 250)}.${1 + Math.floor(next() * 250)}`,
    Code: resultCodeOf(count, received),
    Quality: networkQualityOf(received, loss, avg),
    Sent: count,
    Received: received,
    Loss: loss,
    Min: received ? Math.min(...rtts) : null,
    Avg: avg,
    Max: received ? Math.max(...rtts) : null,
    Jitter: received ? Math.round(next() * baseMs * 0.08 * 10) / 10 : null,
    Error: null,
  };
}

/**
 * Seeds the demo tenant's diagnosis records; call once on the demo's first start (demo-fleet.ts
 * seedAreaDemos) with its devices and networks.
 */
export async function seedDiagnosisDemo(
  db: Db,
  tenantId: string,
  owner: { id: string; username: string },
  devices: readonly DemoDevice[],
  networks: readonly { _id: string; Name: string }[],
  now: number,
): Promise<void> {
  const office = networks.find((n) => n.Name === 'Head office') ?? networks[0];
  const aps = devices.filter((d) => d.Type === 2 && (office ? d.Parent === office._id : true)).slice(0, 4);
  if (aps.length === 0) return;
  const netName = (id: string | null) => networks.find((n) => n._id === id)?.Name ?? null;
  const next = rng(18);
  const timerId = newId();
  const days = 7;
  for (let day = days; day >= 0; day--) {
    const manual = day === 0;
    const at = manual ? now - 2 * 3_600_000 : Math.floor((now - day * DAY) / DAY) * DAY + 2.5 * 3_600_000;
    const targets = manual ? ['www.baidu.com'] : [...DEFAULT_PROBE_DOMAINS];
    const type = manual ? 2 : 1;
    const count = 4;
    const runId = newId();
    const rows: Insertable<DiagnosisResultTable>[] = [];
    const tally = { passed: 0, failed: 0, noResult: 0 };
    const points: Parameters<typeof insertPoints>[1] = [];
    aps.forEach((ap, i) => {
      // Three days ago the second AP's uplink was congested: the timer saw it as poor.
      const congested = day === 3 && i === 1;
      const results = targets.map((t, k) => {
        const r = target(next, t, 12 + k * 18 + i * 3, congested ? 25 : 0, count);
        if (type === 2) r.Hops = hops(next, r);
        return r;
      });
      const { result, quality } = outcomeOf(results, []);
      if (result === 1) tally.passed++;
      else if (result === 0) tally.failed++;
      else tally.noResult++;
      const id = newId();
      const ended = at + 9_000 + i * 700;
      rows.push({
        id,
        run_id: runId,
        tenant_id: tenantId,
        device_id: ap._id,
        sn: ap.SN,
        device_name: ap.Alias || ap.SN,
        network_id: ap.Parent,
        network_name: netName(ap.Parent),
        command_id: null,
        status: 'ended',
        percent: 100,
        result,
        quality,
        results: JSON.stringify(results),
        checks: '[]',
        error: null,
        created_at: at,
        updated_at: ended,
      });
      for (const r of results) {
        points.push({
          result_id: id,
          target: r.Target,
          run_id: runId,
          tenant_id: tenantId,
          device_id: ap._id,
          timer_id: manual ? null : timerId,
          at: ended,
          code: r.Code,
          quality: r.Quality,
          loss: r.Loss,
          min: r.Min,
          avg: r.Avg,
          max: r.Max,
        });
      }
    });
    await insertRun(
      db,
      {
        id: runId,
        tenant_id: tenantId,
        kind: 'network',
        type,
        targets: JSON.stringify(targets),
        count,
        size: 56,
        portal_url: null,
        radius: '[]',
        body: JSON.stringify({ type, targets, count, sizeBytes: 56 }),
        status: 'ended',
        creator_id: manual ? owner.id : null,
        creator_name: manual ? owner.username : null,
        timer_id: manual ? null : timerId,
        timer_name: manual ? null : 'Daily probe',
        campaign_id: null,
        created_at: at,
        ended_at: at + 9_000 + aps.length * 700,
        devices: aps.length,
        passed: tally.passed,
        failed: tally.failed,
        no_result: tally.noResult,
      },
      rows,
    );
    await insertPoints(db, points);
  }
}

function hops(next: () => number, r: TargetResultItem): MtrHopItem[] {
  const n = 5;
  return Array.from({ length: n }, (_, k) => {
    const last = k === n - 1;
    const avg = last ? r.Avg : Math.round((((r.Avg ?? 10) * (k + 1)) / n) * 10) / 10;
    return {
      Hop: k + 1,
      IP: last ? r.IP : k === 0 ? '192.168.1.1' : `100.64.${Math.floor(next() * 250)}.${k + 1}`,
      Sent: r.Sent,
      Received: last ? r.Received : r.Sent,
      Loss: last ? r.Loss : 0,
      Avg: avg,
      Best: avg === null ? null : Math.round(avg * 0.9 * 10) / 10,
      Worst: avg === null ? null : Math.round(avg * 1.2 * 10) / 10,
    };
  });
}
