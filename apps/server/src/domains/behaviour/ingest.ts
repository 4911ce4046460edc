/**
 * DNS reports as they arrive (protocol §6.8), with the tenant's privacy setting applied here:
 * `off` keeps nothing, not even in memory; `aggregated` counts per network, domain and hour (the
 * clients' MACs only in memory, to count distinct clients within the hour); `full` also per client.
 * Counts wait in memory and are written once a minute (or at FLUSH_AT_KEYS) as multi-row upserts,
 * in transactions of at most FLUSH_ROWS_PER_TRANSACTION rows, so a report never waits for the store
 * and a request that writes waits for one such transaction at most.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
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
/**
 * Rows (domain hours, their days, client rows) one write transaction holds at most. A busy minute's
 * ~200,000 rows in one transaction held the SQLite writer and a core for ~1.7 s (~8.5 µs a row),
 * and requests that met it stalled; 5,000 hold it ~40 ms. Smaller costs more per row for little:
 * each transaction is five of bulkInsert's 1,000-row statements and a commit, and a busy minute's
 * 40 commits do not wait for the disk (WAL with synchronous = NORMAL; one fsync each on PostgreSQL).
 */
export const FLUSH_ROWS_PER_TRANSACTION = 5_000;
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

/** A bucket as one write took it: its row (its queries given back if the write fails). */
interface TakenBucket {
  bucket: Bucket;
  row: BucketDelta;
}

/** What one transaction writes: hour rows with their own day rows, and client rows. */
interface Group {
  buckets: TakenBucket[];
  clients: [key: string, delta: ClientDelta][];
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
    private readonly rowsPerTransaction = FLUSH_ROWS_PER_TRANSACTION,
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

  /**
   * Writes what waits; one write at a time. A failed write keeps the counts it has not written
   * for the next one.
   */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  /**
   * What waits, in transactions of at most rowsPerTransaction rows with a turn of the event loop
   * between them. The upserts add up (queries summed, clients and last_at the highest), so a write
   * in parts stores what one would; a bucket's hour row and its day row go in one transaction, so
   * a failure never counts one without the other. At the first failure the parts not written are
   * kept, the written ones not (they would count twice). Each part takes its buckets' counts when
   * its turn comes (counts that came in meanwhile go with it): taking a busy minute's ~100,000
   * buckets at once held the event loop for one long step.
   */
  private async write(): Promise<void> {
    this.flushQueued = false;
    const waiting = [...this.dirty];
    this.dirty.clear();
    const clients = [...this.clients];
    this.clients = new Map();
    const started = Date.now();
    let bi = 0;
    let ci = 0;
    let rows = 0;
    let transactions = 0;
    while (bi < waiting.length || ci < clients.length) {
      if (transactions > 0) await nextTurn();
      const group: Group = { buckets: [], clients: [] };
      let room = this.rowsPerTransaction;
      const empty = () => group.buckets.length === 0 && group.clients.length === 0;
      // A bucket counts two rows (its hour and at most one day row), a client row one.
      for (; bi < waiting.length && (room >= 2 || empty()); bi++) {
        const b = waiting[bi]!;
        if (b.pending === 0 && b.macs.size === b.written) continue;
        group.buckets.push({ bucket: b, row: bucketRow(b) });
        b.written = b.macs.size;
        b.pending = 0;
        room -= 2;
      }
      for (; ci < clients.length && (room >= 1 || empty()); ci++) {
        group.clients.push(clients[ci]!);
        room -= 1;
      }
      if (empty()) continue;
      transactions++;
      // The tenants' privacy may have changed (forget) while earlier parts were written.
      this.allowed(group);
      try {
        await this.writeGroup(group);
      } catch (err) {
        this.figures.failures++;
        this.keep(group);
        for (const b of waiting.slice(bi)) if (this.keepsCounts(b.tenant)) this.dirty.add(b);
        this.keep({ buckets: [], clients: clients.slice(ci) });
        this.log.error(
          { err, written: rows, failed: transactions },
          'dns flush failed; what it had not written is kept for the next one',
        );
        return;
      }
      const written = group.buckets.length + group.clients.length;
      rows += written;
      this.figures.rowsWritten += written;
    }
    if (transactions > 0) {
      this.figures.flushes++;
      this.log.debug({ rows, transactions, ms: Date.now() - started }, 'dns flush');
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

  /** The tenant's setting (now) keeps its per-network counts: anything but `off`. */
  private keepsCounts(tenant: string): boolean {
    return this.privacyOf(tenant) !== 'off';
  }

  /** Drops from a group what its tenant's privacy setting no longer allows. */
  private allowed(group: Group): void {
    group.clients = group.clients.filter(([, c]) => this.privacyOf(c.tenant) === 'full');
    group.buckets = group.buckets.filter((t) => this.keepsCounts(t.bucket.tenant));
  }

  /** One group in one transaction; its day rows from its own hour rows. */
  private async writeGroup(group: Group): Promise<void> {
    if (group.buckets.length === 0 && group.clients.length === 0) return;
    const hours = group.buckets.map((t) => t.row);
    const days = mergeDays(hours.map((r) => ({ ...r, bucket: Math.floor(r.bucket / DAY_MS) * DAY_MS })));
    const clients = group.clients.map(([, c]) => ({
      tenant_id: c.tenant,
      network_id: c.network,
      mac: c.mac,
      domain: c.domain,
      bucket: c.hour,
      queries: c.queries,
      last_at: c.last,
    }));
    await this.db.transaction().execute(async (trx) => {
      await upsertBuckets(trx, 'dns_domain_hours', hours);
      await upsertBuckets(trx, 'dns_domain_days', days);
      await upsertClientHours(trx, clients);
    });
  }

  /** A group not written goes back to what waits, with what came in meanwhile. */
  private keep(group: Group): void {
    this.allowed(group);
    for (const t of group.buckets) {
      t.bucket.pending += t.row.queries;
      // Its client count written again whole: the upsert keeps the higher of the two.
      t.bucket.written = 0;
      this.dirty.add(t.bucket);
    }
    for (const [k, c] of group.clients) {
      const now = this.clients.get(k);
      if (!now) this.clients.set(k, c);
      else {
        now.queries += c.queries;
        if (c.last > now.last) now.last = c.last;
      }
    }
  }

  /**
   * A tenant's new privacy setting: what it no longer allows goes from memory too, before any write
   * (a write under way drops it from the groups it has not written yet: allowed).
   */
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

/** A bucket's hour row: the queries not written yet, its clients of the hour so far. */
function bucketRow(b: Bucket): BucketDelta {
  return {
    tenant_id: b.tenant,
    network_id: b.network,
    domain: b.domain,
    bucket: b.hour,
    queries: b.pending,
    clients: b.macs.size,
    last_at: b.last,
  };
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
