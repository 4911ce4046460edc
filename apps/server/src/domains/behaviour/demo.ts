/**
 * Demo data of the DNS behaviour area: three days of the demo tenant's domain counts per network
 * and hour (and the day roll-ups), as the ingest would have written them under the default
 * `aggregated` setting, and two watched domains, so /flow/listClient's behaviour tab opens on
 * something real. The simulated fleet adds live counts once `dnsLog` is on. Runs once, on the
 * demo's first start (demo-fleet.ts seedAreaDemos).
 */
import { newId } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { DAY_MS, HOUR_MS } from './period.ts';
import { ALL_NETWORKS, insertWatch, upsertBuckets, type BucketDelta } from './store.ts';

/** [name, queries per client and hour at the day's peak] */
const DOMAINS: readonly [string, number][] = [
  ['www.google.com', 9],
  ['www.youtube.com', 7],
  ['r4---sn-ab5l6n7s.googlevideo.com', 12],
  ['outlook.office365.com', 6],
  ['teams.microsoft.com', 5],
  ['graph.microsoft.com', 4],
  ['www.baidu.com', 4],
  ['weixin.qq.com', 8],
  ['api.github.com', 3],
  ['s3.amazonaws.com', 3],
  ['www.bilibili.com', 3],
  ['www.taobao.com', 2],
  ['open.spotify.com', 2],
  ['ctldl.windowsupdate.com', 2],
  ['www.bbc.com', 1],
  ['www.tiktok.com', 2],
  ['www.google-analytics.com', 5],
  ['time.windows.com', 1],
  ['intranet.example.com', 3],
];

/** 0-1: how busy an hour of the day is (office hours peak). */
function load(hourOfDay: number): number {
  if (hourOfDay < 7 || hourOfDay > 21) return 0.05;
  return 0.35 + 0.65 * Math.sin(((hourOfDay - 7) / 14) * Math.PI);
}

/** Deterministic 0-1 noise, so two demo stores look alike. */
function noise(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

export async function seedBehaviourDemo(
  db: Db,
  tenantId: string,
  networkIds: readonly string[],
  now: number,
): Promise<void> {
  if (networkIds.length === 0) return;
  const hours: BucketDelta[] = [];
  const last = Math.floor(now / HOUR_MS) * HOUR_MS;
  for (let t = last - 3 * DAY_MS; t < last; t += HOUR_MS) {
    const busy = load(new Date(t).getUTCHours());
    const totals = new Map<string, BucketDelta>();
    networkIds.forEach((network, n) => {
      const people = Math.max(1, Math.round((n === 0 ? 24 : 9) * busy));
      DOMAINS.forEach(([domain, rate], d) => {
        const clients = Math.max(0, Math.round(people * (0.3 + 0.7 * noise(t / HOUR_MS + n, d))));
        if (clients === 0) return;
        const queries = Math.max(1, Math.round(clients * rate * (0.5 + noise(d, t / HOUR_MS))));
        const row = {
          tenant_id: tenantId,
          network_id: network,
          domain,
          bucket: t,
          queries,
          clients,
          last_at: t + 3_000_000,
        };
        hours.push(row);
        const all = totals.get(domain);
        if (!all) totals.set(domain, { ...row, network_id: ALL_NETWORKS });
        else {
          all.queries += queries;
          all.clients += clients;
        }
      });
    });
    hours.push(...totals.values());
  }
  const days = new Map<string, BucketDelta>();
  for (const r of hours) {
    const bucket = Math.floor(r.bucket / DAY_MS) * DAY_MS;
    const key = `${r.network_id}\u0000${r.domain}\u0000${bucket}`;
    const d = days.get(key);
    if (!d) days.set(key, { ...r, bucket });
    else {
      d.queries += r.queries;
      d.clients = Math.max(d.clients, r.clients);
      d.last_at = Math.max(d.last_at, r.last_at);
    }
  }
  await upsertBuckets(db, 'dns_domain_hours', hours);
  await upsertBuckets(db, 'dns_domain_days', [...days.values()]);
  for (const [domain, remark] of [
    ['youtube.com', 'Video during office hours'],
    ['tiktok.com', 'Short video'],
  ] as const) {
    await insertWatch(db, { id: newId(), tenant_id: tenantId, domain, remark, created_at: now - 2 * DAY_MS });
  }
}
