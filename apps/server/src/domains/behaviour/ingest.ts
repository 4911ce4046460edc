/**
 * DNS reports as they arrive (protocol §6.8), with the tenant's privacy setting applied here:
 * `off` keeps nothing, not even in memory; `aggregated` counts per network, domain and hour (the
 * clients' MACs only in memory, to count distinct clients within the hour); `full` also per client.
 * Counts wait in memory and are written once a minute (or at FLUSH_AT_KEYS) in one transaction
 * of multi-row upserts, so a report never waits for the store.
 */
import type { FastifyBaseLogger } from 'fastify';
import { normalizeDomain, type DnsPrivacyMode, type UpMessage } from '@netconsole/contract';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { DAY_MS, HOUR_MS } from './period.ts';
import {
  ALL_NETWORKS,
  NO_NETWORK,
  deviceNetworks,
  upsertBuckets,
  upsertClientHours,
  type BucketDelta,
} from './store.ts';

export const FLUSH_EVERY_MS = 60_000;
/** Keys waiting (domain buckets and client rows) that trigger a flush before the timer. */
export const FLUSH_AT_KEYS = 200_000;
/** Entries older than this, or later than FUTURE_MS ahead of the server, are dropped. */
export const PAST_MS = 2 * DAY_MS;
export const FUTURE_MS = 5 * 60_000;
/** Where the devices' networks are read again (another node may have moved a device). */
const NETWORKS_EVERY_MS = 60_000;

/** Who reported: the live device as far as the ingest needs it. */
export interface DnsReporter {
  tenantId: string | null;
  registered: boolean;
}

interface Place {
  tenant: string;
  network: string;
}

interface Bucket {
  tenant: string;
  network: string;
  domain: string;
  hour: number;
  /** Queries not yet written. */
  pending: number;
  /** Distinct clients of the hour (in memory only). */
  macs: Set<string>;
  /** Clients counted in the last write. */
  written: number;
  last: number;
}

interface ClientDelta {
  tenant: string;
  network: string;
  mac: string;
  domain: string;
  hour: number;
  queries: number;
  last: number;
}

export interface DnsIngestFigures {
  entries: number;
  kept: number;
  dropped: number;
  flushes: number;
  rowsWritten: number;
  failures: number;
}

export class DnsIngest {
  private readonly buckets = new Map<string, Bucket>();
  /**
   * The buckets with counts not yet written. A write and the threshold look at these only: the
   * hour's buckets stay in memory (their client sets) and grow to hundreds of thousands in a busy
   * hour, and a threshold over all of them kept firing once crossed, a write per report, each
   * walking every bucket (the stalls and the endless capacity run of bench:analytics runs 6-7b).
   */
  private readonly dirty = new Set<Bucket>();
  /** A threshold write is queued and has not taken its rows yet: one is enough. */
  private flushQueued = false;
  /** The hour before which written buckets were last let go. */
  private prunedBefore = -Infinity;
  private clients = new Map<string, ClientDelta>();
  private networks = new Map<string, Place>();
  private networksAt = -Infinity;
  private networksLoading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  readonly figures: DnsIngestFigures = {
    entries: 0,
    kept: 0,
    dropped: 0,
    flushes: 0,
    rowsWritten: 0,
    failures: 0,
  };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly privacyOf: (tenantId: string) => DnsPrivacyMode,
    private readonly flushAtKeys = FLUSH_AT_KEYS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Devices changed networks: read them again before the next report. */
  networksChanged(): void {
    this.networksAt = -Infinity;
  }

  /** The device's tenant and network from the store (read again every minute); null: not registered. */
  private async placeOf(sn: string, now: number): Promise<Place | null> {
    if (now - this.networksAt > NETWORKS_EVERY_MS) {
      this.networksLoading ??= (async () => {
        try {
          const rows = await deviceNetworks(this.db);
          this.networks = new Map(
            rows.map((r) => [r.sn, { tenant: r.tenant_id!, network: r.parent ?? NO_NETWORK }]),
          );
          this.networksAt = now;
        } finally {
          this.networksLoading = null;
        }
      })();
      await this.networksLoading;
    }
    let place = this.networks.get(sn);
    if (place === undefined) {
      // Registered since the last read (an unregistered device is not remembered: it may be soon).
      const [row] = await deviceNetworks(this.db, [sn]);
      if (!row) return null;
      place = { tenant: row.tenant_id!, network: row.parent ?? NO_NETWORK };
      this.networks.set(sn, place);
    }
    return place;
  }

  /** A `dns` report of a device (the gateway checked its form). */
  async dns(device: DnsReporter | undefined, sn: string, m: UpMessage<'dns'>, now: number): Promise<void> {
    this.figures.entries += m.entries.length;
    // The gateway's device says who owns it; the store (read every minute) where it is.
    const place = await this.placeOf(sn, now);
    const tenant = device?.registered && device.tenantId ? device.tenantId : (place?.tenant ?? null);
    const mode = tenant ? this.privacyOf(tenant) : 'off';
    if (!tenant || mode === 'off') {
      this.figures.dropped += m.entries.length;
      return;
    }
    const network = place && place.tenant === tenant ? place.network : NO_NETWORK;
    for (const e of m.entries) {
      const domain = normalizeDomain(e.domain);
      if (domain === null || e.ts < now - PAST_MS || e.ts > now + FUTURE_MS) {
        this.figures.dropped++;
        continue;
      }
      this.figures.kept++;
      const hour = Math.floor(e.ts / HOUR_MS) * HOUR_MS;
      this.count(tenant, network, domain, hour, e.mac, e.ts);
      this.count(tenant, ALL_NETWORKS, domain, hour, e.mac, e.ts);
      if (mode === 'full') {
        const key = `${tenant}\u0000${network}\u0000${e.mac}\u0000${hour}\u0000${domain}`;
        const c = this.clients.get(key);
        if (c) {
          c.queries++;
          if (e.ts > c.last) c.last = e.ts;
        } else {
          this.clients.set(key, { tenant, network, mac: e.mac, domain, hour, queries: 1, last: e.ts });
        }
      }
    }
    if (!this.flushQueued && this.dirty.size + this.clients.size >= this.flushAtKeys) {
      this.flushQueued = true;
      void this.flush();
    }
  }

  private count(
    tenant: string,
    network: string,
    domain: string,
    hour: number,
    mac: string,
    ts: number,
  ): void {
    const key = `${tenant}\u0000${network}\u0000${hour}\u0000${domain}`;
    let b = this.buckets.get(key);
    if (!b) {
      b = { tenant, network, domain, hour, pending: 0, macs: new Set(), written: 0, last: ts };
      this.buckets.set(key, b);
    }
    b.pending++;
    b.macs.add(mac);
    this.dirty.add(b);
    if (ts > b.last) b.last = ts;
  }

  /** Resolves when the writes queued so far are done, queueing none. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Writes what waits; one write at a time. A failed write keeps its counts for the next one. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  private async write(): Promise<void> {
    this.flushQueued = false;
    const rows: BucketDelta[] = [];
    const taken: Bucket[] = [];
    for (const b of this.dirty) {
      if (b.pending === 0 && b.macs.size === b.written) continue;
      rows.push({
        tenant_id: b.tenant,
        network_id: b.network,
        domain: b.domain,
        bucket: b.hour,
        queries: b.pending,
        clients: b.macs.size,
        last_at: b.last,
      });
      taken.push(b);
    }
    this.dirty.clear();
    const clients = this.clients;
    this.clients = new Map();
    const pending = taken.map((b) => b.pending);
    for (const b of taken) {
      b.written = b.macs.size;
      b.pending = 0;
    }
    if (rows.length > 0 || clients.size > 0) {
      const started = Date.now();
      try {
        const days = rows.map((r) => ({ ...r, bucket: Math.floor(r.bucket / DAY_MS) * DAY_MS }));
        await this.db.transaction().execute(async (trx) => {
          await upsertBuckets(trx, 'dns_domain_hours', rows);
          await upsertBuckets(trx, 'dns_domain_days', mergeDays(days));
          await upsertClientHours(
            trx,
            [...clients.values()].map((c) => ({
              tenant_id: c.tenant,
              network_id: c.network,
              mac: c.mac,
              domain: c.domain,
              bucket: c.hour,
              queries: c.queries,
              last_at: c.last,
            })),
          );
        });
        this.figures.flushes++;
        this.figures.rowsWritten += rows.length + clients.size;
        this.log.debug({ rows: rows.length, clients: clients.size, ms: Date.now() - started }, 'dns flush');
      } catch (err) {
        this.figures.failures++;
        this.log.error({ err }, 'dns flush failed; kept for the next one');
        taken.forEach((b, i) => {
          b.pending += pending[i]!;
          b.written = 0;
          this.dirty.add(b);
        });
        for (const [k, c] of clients) {
          const now = this.clients.get(k);
          if (now) now.queries += c.queries;
          else this.clients.set(k, c);
        }
        return;
      }
    }
    // Hours over for more than an hour are written whole: their client sets go (looked for once
    // an hour; a late entry's bucket of such an hour waits for the next hour's look).
    const keepFrom = Math.floor(this.clock() / HOUR_MS) * HOUR_MS - HOUR_MS;
    if (keepFrom === this.prunedBefore) return;
    this.prunedBefore = keepFrom;
    for (const [k, b] of this.buckets) {
      if (b.hour < keepFrom && b.pending === 0) this.buckets.delete(k);
    }
  }

  /** A tenant's new privacy setting: what it no longer allows goes from memory too, before any write. */
  forget(tenant: string, privacy: DnsPrivacyMode): void {
    if (privacy === 'full') return;
    for (const [k, c] of this.clients) if (c.tenant === tenant) this.clients.delete(k);
    if (privacy === 'off') {
      for (const [k, b] of this.buckets) {
        if (b.tenant !== tenant) continue;
        this.buckets.delete(k);
        this.dirty.delete(b);
      }
    }
  }

  /** Keys waiting in memory (for /system figures and the bench). */
  size(): { buckets: number; clients: number } {
    return { buckets: this.buckets.size, clients: this.clients.size };
  }
}

/** Hours of one day and key added up: queries summed, the highest hourly client count. */
function mergeDays(rows: BucketDelta[]): BucketDelta[] {
  const out = new Map<string, BucketDelta>();
  for (const r of rows) {
    const key = `${r.tenant_id}\u0000${r.network_id}\u0000${r.bucket}\u0000${r.domain}`;
    const d = out.get(key);
    if (!d) out.set(key, { ...r });
    else {
      d.queries += r.queries;
      d.clients = Math.max(d.clients, r.clients);
      d.last_at = Math.max(d.last_at, r.last_at);
    }
  }
  return [...out.values()];
}
