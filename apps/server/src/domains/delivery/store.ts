/**
 * The delivery engine's queries. Reads for people take the caller's Scope first and filter by it in
 * SQL; the engine's own steps work by campaign id (ids it made or found through a scoped read).
 */
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Database, Db } from '../../platform/store/db.ts';
import { contains } from '../../platform/store/like.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import type { DeviceRow } from '../device/tables.ts';
import type {
  CampaignRow,
  CampaignStatus,
  DeliveryCampaignTable,
  DeliveryTargetTable,
  TargetRow,
  TargetStatus,
} from './tables.ts';

export type { CampaignRow, TargetRow };

/** A target whose device is working on (or holding) its command: what the concurrency limit counts. */
export const IN_FLIGHT: readonly TargetStatus[] = ['issuing', 'held', 'sent', 'accepted', 'progress'];

/** Rows per insert, and keys per `IN (…)` list: well under SQLite's bound on statement variables. */
const CHUNK = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function campaigns(db: Db, scope: Scope) {
  let q = db.selectFrom('delivery_campaigns');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q;
}

function targets(db: Db, scope: Scope) {
  let q = db.selectFrom('delivery_targets');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q;
}

export async function insertCampaign(
  db: Db,
  campaign: Insertable<DeliveryCampaignTable>,
  rows: Insertable<DeliveryTargetTable>[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('delivery_campaigns').values(campaign).execute();
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insertInto('delivery_targets')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  });
}

/**
 * The devices of a campaign to be, as the scope sees them (another tenant's are not found): one
 * query per chunk of ids instead of one per device. The device domain's table, read like the ISSUED
 * lists read its aliases.
 */
export async function visibleDevices(db: Db, scope: Scope, ids: readonly string[]): Promise<DeviceRow[]> {
  const out: DeviceRow[] = [];
  for (const chunk of chunks(ids)) {
    let q = db.selectFrom('devices').selectAll().where('id', 'in', chunk);
    if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
    out.push(...(await q.execute()));
  }
  return out;
}

// ---- scoped reads (people)

export async function findCampaign(db: Db, scope: Scope, id: string): Promise<CampaignRow | undefined> {
  return campaigns(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function targetsOfCampaign(db: Db, scope: Scope, campaignId: string): Promise<TargetRow[]> {
  return targets(db, scope).selectAll().where('campaign_id', '=', campaignId).orderBy('position').execute();
}

/** Targets of campaigns by status: `{ campaignId: { status: n } }`. */
export async function countTargets(
  db: Db,
  campaignIds: readonly string[],
): Promise<Map<string, Partial<Record<TargetStatus, number>>>> {
  const out = new Map<string, Partial<Record<TargetStatus, number>>>();
  if (campaignIds.length === 0) return out;
  const rows = await db
    .selectFrom('delivery_targets')
    .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(['campaign_id', 'status'])
    .execute();
  for (const r of rows) {
    const m = out.get(r.campaign_id) ?? {};
    m[r.status] = Number(r.n);
    out.set(r.campaign_id, m);
  }
  return out;
}

/** Whether a campaign of this kind sending `refId` has targets not ended yet (its `finished_at` unset). */
export async function campaignOpenFor(db: Db, scope: Scope, kind: string, refId: string): Promise<boolean> {
  const row = await campaigns(db, scope)
    .select('id')
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- the engine (by id)

/** Asks for a step: whoever holds the campaign's lease steps once more before letting go. */
export async function pokeCampaign(db: Db, id: string): Promise<void> {
  await db
    .updateTable('delivery_campaigns')
    .set((eb) => ({ pokes: eb('pokes', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Takes the campaign's lease for `node` (free, expired, or its own); the pokes seen, or null when held. */
export async function leaseCampaign(
  db: Db,
  id: string,
  node: string,
  now: number,
  until: number,
): Promise<number | null> {
  const res = await db
    .updateTable('delivery_campaigns')
    .set({ step_node: node, step_until: until })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('step_node', 'is', null), eb('step_until', '<', now), eb('step_node', '=', node)]),
    )
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return null;
  const row = await db
    .selectFrom('delivery_campaigns')
    .select('pokes')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.pokes ?? null;
}

/** Lets the lease go if nobody poked since `pokes` was read; false: step once more. */
export async function releaseCampaign(db: Db, id: string, node: string, pokes: number): Promise<boolean> {
  const res = await db
    .updateTable('delivery_campaigns')
    .set({ step_node: null, step_until: null })
    .where('id', '=', id)
    .where('step_node', '=', node)
    .where('pokes', '=', pokes)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return true;
  // Lost to another node (this one outlived its lease): that node steps; nothing more here.
  const row = await db
    .selectFrom('delivery_campaigns')
    .select('step_node')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.step_node !== node;
}

/** A campaign's targets by wave and status (what a step decides on, without reading the rows). */
export async function countByWave(
  db: Db,
  campaignId: string,
): Promise<Map<number, Partial<Record<TargetStatus, number>>>> {
  const rows = await db
    .selectFrom('delivery_targets')
    .select(['wave', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy(['wave', 'status'])
    .execute();
  const out = new Map<number, Partial<Record<TargetStatus, number>>>();
  for (const r of rows) {
    const m = out.get(r.wave) ?? {};
    m[r.status] = Number(r.n);
    out.set(r.wave, m);
  }
  return out;
}

export async function campaignById(db: Db, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('delivery_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function activeCampaignIds(db: Db, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('delivery_campaigns')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'running'),
        eb.and([eb('status', '=', 'scheduled'), eb('effective_at', '<=', now)]),
        // Cancelled or stopped ones whose last targets have not ended yet still follow them.
        eb.and([eb('status', 'in', ['cancelled', 'stopped']), eb('finished_at', 'is', null)]),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

export async function updateCampaign(
  db: Db,
  id: string,
  patch: Updateable<DeliveryCampaignTable>,
  onlyIfStatus?: readonly CampaignStatus[],
): Promise<number> {
  let q = db.updateTable('delivery_campaigns').set(patch).where('id', '=', id);
  if (onlyIfStatus) q = q.where('status', 'in', onlyIfStatus);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

export async function targetsOf(
  db: Db,
  campaignId: string,
  statuses: readonly TargetStatus[],
  opts: { wave?: number; limit?: number } = {},
): Promise<TargetRow[]> {
  let q = db
    .selectFrom('delivery_targets')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', statuses);
  if (opts.wave !== undefined) q = q.where('wave', '=', opts.wave);
  q = q.orderBy('wave').orderBy('position');
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  return q.execute();
}

/** The targets of these commands, one query per chunk (a batch of reports). */
export async function targetsOfCommands(db: Db, commandIds: readonly string[]): Promise<TargetRow[]> {
  const out: TargetRow[] = [];
  for (const chunk of chunks(commandIds)) {
    out.push(
      ...(await db.selectFrom('delivery_targets').selectAll().where('command_id', 'in', chunk).execute()),
    );
  }
  return out;
}

/**
 * The claim of a batch: the targets still `pending` become `issuing` (an attempt more), each a
 * compare-and-set of its own within one statement per chunk; the rows claimed, as they are now.
 */
export async function claimTargets(
  db: Db,
  campaignId: string,
  deviceIds: readonly string[],
  now: number,
): Promise<TargetRow[]> {
  const out: TargetRow[] = [];
  for (const chunk of chunks(deviceIds)) {
    const rows = await db
      .updateTable('delivery_targets')
      .set((eb) => ({
        status: 'issuing',
        attempts: eb('attempts', '+', 1),
        code: null,
        detail: null,
        stage: null,
        percent: null,
        updated_at: now,
      }))
      .where('campaign_id', '=', campaignId)
      .where('device_id', 'in', chunk)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    out.push(...rows);
  }
  return out;
}

/**
 * Claimed targets the engine did not issue (the node is stopping): back in line, the attempt not
 * counted, for the next step of whichever node runs then.
 */
export async function unclaimTargets(
  db: Db,
  campaignId: string,
  deviceIds: readonly string[],
  now: number,
): Promise<void> {
  for (const chunk of chunks(deviceIds)) {
    await db
      .updateTable('delivery_targets')
      .set((eb) => ({ status: 'pending', attempts: eb('attempts', '-', 1), updated_at: now }))
      .where('campaign_id', '=', campaignId)
      .where('device_id', 'in', chunk)
      .where('status', '=', 'issuing')
      .where('command_id', 'is', null)
      .execute();
  }
}

// ---- firmware: the per-network download limit

/**
 * The pool a firmware target's download counts in: its device's network, or for a device in no
 * network its tenant's one pool (docs/firmware-upgrades.md, "Concurrency").
 */
export function poolOf(parent: string | null, tenantId: string | null): string {
  return parent !== null ? `${NETWORK_POOL}${parent}` : `${TENANT_POOL}${tenantId ?? ''}`;
}
const NETWORK_POOL = 'network:';
const TENANT_POOL = 'tenant:';

/**
 * What counts against the limit: a command claimed, sent or accepted, or reporting progress before
 * the download ended (no stage yet, or `downloading`). A held command does not (its device is
 * offline, its uplink idle), nor a device verifying, waiting for its window, flashing or rebooting.
 */
function downloading(eb: ExpressionBuilder<Database, 'delivery_targets'>) {
  const status = 'delivery_targets.status' as const;
  const stage = 'delivery_targets.stage' as const;
  return eb.or([
    eb(status, 'in', ['issuing', 'sent', 'accepted']),
    eb.and([eb(status, '=', 'progress'), eb.or([eb(stage, 'is', null), eb(stage, '=', 'downloading')])]),
  ]);
}

/** Whether a target in this state counts against the per-network limit (as `downloading` above). */
export function isDownloading(t: { status: TargetStatus; stage: string | null }): boolean {
  if (t.status === 'issuing' || t.status === 'sent' || t.status === 'accepted') return true;
  return t.status === 'progress' && (t.stage === null || t.stage === 'downloading');
}

/** Firmware targets downloading now, over every campaign not ended, by pool (poolOf). */
export async function downloadingByPool(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('delivery_targets')
    .innerJoin('delivery_campaigns as c', 'c.id', 'delivery_targets.campaign_id')
    .leftJoin('devices as d', 'd.id', 'delivery_targets.device_id')
    .select(['d.parent', 'delivery_targets.tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('c.kind', '=', 'upgrade_firmware')
    .where('c.finished_at', 'is', null)
    .where((eb) => downloading(eb as unknown as ExpressionBuilder<Database, 'delivery_targets'>))
    .groupBy(['d.parent', 'delivery_targets.tenant_id'])
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const key = poolOf(r.parent, r.tenant_id);
    out.set(key, (out.get(key) ?? 0) + Number(r.n));
  }
  return out;
}

/**
 * A campaign's pending targets after `after` (a position), in issue order, with their pools; those
 * of the `full` pools left out in SQL, so a step in a busy network does not read its whole queue.
 */
export async function pendingPools(
  db: Db,
  campaignId: string,
  opts: { wave?: number | undefined; after: number; limit: number; full: readonly string[] },
): Promise<{ deviceId: string; position: number; pool: string }[]> {
  const fullOf = (prefix: string) =>
    opts.full.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  const networks = fullOf(NETWORK_POOL);
  const tenants = fullOf(TENANT_POOL);
  let q = db
    .selectFrom('delivery_targets')
    .leftJoin('devices as d', 'd.id', 'delivery_targets.device_id')
    .select([
      'delivery_targets.device_id',
      'delivery_targets.position',
      'delivery_targets.tenant_id',
      'd.parent',
    ])
    .where('delivery_targets.campaign_id', '=', campaignId)
    .where('delivery_targets.status', '=', 'pending')
    .where('delivery_targets.position', '>', opts.after);
  if (opts.wave !== undefined) q = q.where('delivery_targets.wave', '=', opts.wave);
  if (networks.length > 0)
    q = q.where((eb) => eb.or([eb('d.parent', 'is', null), eb('d.parent', 'not in', networks)]));
  if (tenants.length > 0) {
    q = q.where((eb) =>
      eb.or([eb('d.parent', 'is not', null), eb('delivery_targets.tenant_id', 'not in', tenants)]),
    );
  }
  const rows = await q.orderBy('delivery_targets.position').limit(opts.limit).execute();
  return rows.map((r) => ({
    deviceId: r.device_id,
    position: r.position,
    pool: poolOf(r.parent, r.tenant_id),
  }));
}

/** Firmware campaigns running with targets waiting for a slot: a slot freed in a pool may be theirs. */
export async function pooledCampaignsWaiting(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('delivery_campaigns')
    .select('id')
    .where('kind', '=', 'upgrade_firmware')
    .where('status', '=', 'running')
    .where('concurrency', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('delivery_targets as t')
          .select('t.device_id')
          .whereRef('t.campaign_id', '=', 'delivery_campaigns.id')
          .where('t.status', '=', 'pending'),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Each claimed (`issuing`) target takes its command's id: one statement per chunk. */
export async function setCommandIds(
  db: Db,
  campaignId: string,
  issued: readonly { deviceId: string; commandId: string }[],
  now: number,
): Promise<void> {
  for (const chunk of chunks(issued, 300)) {
    const byDevice = sql<string>`case ${sql.ref('device_id')} ${sql.join(
      chunk.map((i) => sql`when ${i.deviceId} then ${i.commandId}`),
      sql` `,
    )} end`;
    await db
      .updateTable('delivery_targets')
      .set({ command_id: byDevice, updated_at: now })
      .where('campaign_id', '=', campaignId)
      .where(
        'device_id',
        'in',
        chunk.map((i) => i.deviceId),
      )
      .where('status', '=', 'issuing')
      .execute();
  }
}

/**
 * The same change to many targets of a campaign, each only if it is in one of `onlyIfStatus` (the
 * compare-and-set of updateTarget, per row); the device ids of the targets that changed.
 */
export async function updateTargets(
  db: Db,
  campaignId: string,
  deviceIds: readonly string[],
  patch: Updateable<DeliveryTargetTable>,
  onlyIfStatus: readonly TargetStatus[],
  /** The device reported: its first report's time, unless an earlier one is there. */
  opts: { startedAt?: number } = {},
): Promise<string[]> {
  const out: string[] = [];
  const started = opts.startedAt;
  for (const chunk of chunks(deviceIds)) {
    let q = db.updateTable('delivery_targets').set(patch);
    if (started !== undefined)
      q = q.set({ started_at: sql<number>`coalesce(${sql.ref('started_at')}, ${started})` });
    const rows = await q
      .where('campaign_id', '=', campaignId)
      .where('device_id', 'in', chunk)
      .where('status', 'in', onlyIfStatus)
      .returning('device_id')
      .execute();
    for (const r of rows) out.push(r.device_id);
  }
  return out;
}

/**
 * Changes a target if it is in one of `onlyIfStatus` (a compare-and-set: a claim, or a report that
 * must not move an ended target); returns whether it changed.
 */
export async function updateTarget(
  db: Db,
  campaignId: string,
  deviceId: string,
  patch: Updateable<DeliveryTargetTable>,
  onlyIfStatus: readonly TargetStatus[],
): Promise<boolean> {
  const res = await db
    .updateTable('delivery_targets')
    .set(patch)
    .where('campaign_id', '=', campaignId)
    .where('device_id', '=', deviceId)
    .where('status', 'in', onlyIfStatus)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ends every target of a campaign still in `from` (pending ones at cancel, stop or expiry). */
export async function endTargets(
  db: Db,
  campaignId: string,
  from: readonly TargetStatus[],
  patch: { status: TargetStatus; code: string; now: number },
): Promise<number> {
  const res = await db
    .updateTable('delivery_targets')
    .set({ status: patch.status, code: patch.code, updated_at: patch.now, finished_at: patch.now })
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- the ISSUED lists

const OPEN_TARGET: readonly TargetStatus[] = ['pending', ...IN_FLIGHT];
const ENDED_BY_SERVER: readonly TargetStatus[] = ['expired', 'timed_out', 'cancelled'];
const APPLY_STAGES = ['applying', 'rebooting'];
const TRANSFER_STAGES = ['downloading', 'verifying'];

/**
 * The targets whose issue status (outcome.ts, protocol §11.3) is `n`, in SQL: configuration's 0-4,
 * or firmware's 1-4 for `upgrade_firmware`. A failure, or an end by the server, takes the last stage.
 */
function issueStatusIs(eb: ExpressionBuilder<Database, 'delivery_targets'>, kind: string, n: number) {
  const status = 'delivery_targets.status' as const;
  const stage = 'delivery_targets.stage' as const;
  const endedBadly = eb.or([eb(status, '=', 'failed'), eb(status, 'in', ENDED_BY_SERVER)]);
  const noKnownStage = eb.or([
    eb(stage, 'is', null),
    eb(stage, 'not in', [...APPLY_STAGES, ...TRANSFER_STAGES]),
  ]);
  if (n === 4) return eb(status, 'in', OPEN_TARGET);
  if (n === 1) return eb(status, '=', 'succeeded');
  if (n === 2) return eb.and([endedBadly, eb(stage, 'in', APPLY_STAGES)]);
  if (kind === 'upgrade_firmware') {
    if (n === 3) {
      return eb.or([
        eb(status, '=', 'rejected'),
        eb.and([endedBadly, eb.or([eb(stage, 'is', null), eb(stage, 'not in', APPLY_STAGES)])]),
      ]);
    }
    return eb.val(false);
  }
  if (n === 3) return eb.and([endedBadly, eb(stage, 'in', TRANSFER_STAGES)]);
  return eb.or([eb(status, '=', 'rejected'), eb.and([endedBadly, noKnownStage])]);
}

export interface TargetListRow extends TargetRow {
  alias: string | null;
  kind: string;
  ref_id: string | null;
  ref_name: string | null;
  ref_revision: number | null;
}

export async function pageCampaignList(
  db: Db,
  scope: Scope,
  f: { kind: string; status?: string | undefined; refId?: string | undefined; search?: string | undefined },
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
): Promise<RowPage<CampaignRow>> {
  let base = campaigns(db, scope).where('kind', '=', f.kind);
  if (f.status !== undefined) base = base.where('status', '=', f.status as CampaignStatus);
  if (f.refId !== undefined) base = base.where('ref_id', '=', f.refId);
  if (f.search) base = base.where(contains('ref_name', f.search));
  return pageRows(
    base,
    (b) => b.selectAll().orderBy('created_at', page.direction).orderBy('id', page.direction),
    page,
  );
}

/**
 * The account names of the campaigns' creators, by account id (an account removed since is absent).
 * The user domain's table, read like the device lists read the devices' aliases: one query per page
 * of campaigns, not a call per row.
 */
export async function creatorNames(
  db: Db,
  userIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const out = new Map<string, string>();
  for (const chunk of chunks(ids)) {
    const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', chunk).execute();
    for (const r of rows) out.set(r.id, r.username);
  }
  return out;
}

/** Targets with their device's alias: of one campaign, or of one device (its deliveries). */
export async function pageTargetList(
  db: Db,
  scope: Scope,
  f: {
    campaignId?: string;
    deviceId?: string;
    kind?: string | undefined;
    /** Issue status, for the campaign's kind. */
    issueStatus?: { kind: string; n: number } | undefined;
    search?: string | undefined;
  },
  page: { offset: number; limit: number; sort: 'updated' | 'alias' | 'status'; direction: 'asc' | 'desc' },
): Promise<RowPage<TargetListRow>> {
  let base = db
    .selectFrom('delivery_targets')
    .innerJoin('delivery_campaigns as c', 'c.id', 'delivery_targets.campaign_id')
    .leftJoin('devices as d', 'd.id', 'delivery_targets.device_id');
  if (!scope.admin) base = base.where('delivery_targets.tenant_id', '=', scope.tenantId ?? '');
  if (f.campaignId !== undefined) base = base.where('delivery_targets.campaign_id', '=', f.campaignId);
  if (f.deviceId !== undefined) base = base.where('delivery_targets.device_id', '=', f.deviceId);
  if (f.kind !== undefined) base = base.where('c.kind', '=', f.kind);
  const is = f.issueStatus;
  if (is !== undefined) {
    // The predicate names only the targets' columns; the joined tables do not change its meaning.
    base = base.where((eb) =>
      issueStatusIs(eb as unknown as ExpressionBuilder<Database, 'delivery_targets'>, is.kind, is.n),
    );
  }
  if (f.search) {
    const text = f.search;
    base = base.where((eb) =>
      eb.or([contains('d.alias', text), contains('delivery_targets.sn', text.toUpperCase())]),
    );
  }
  const column =
    page.sort === 'alias'
      ? 'd.alias'
      : page.sort === 'status'
        ? 'delivery_targets.status'
        : 'delivery_targets.updated_at';
  const { rows, count } = await pageRows(
    base,
    (b) =>
      b
        .selectAll('delivery_targets')
        .select(['d.alias', 'c.kind', 'c.ref_id', 'c.ref_name', 'c.ref_revision'])
        .orderBy(column, page.direction)
        .orderBy('delivery_targets.position', 'asc')
        .orderBy('delivery_targets.campaign_id', 'asc'),
    page,
  );
  return { rows: rows as TargetListRow[], count };
}
