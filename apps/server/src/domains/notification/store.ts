import type { Insertable, Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import type {
  BindingRow,
  BindingTable,
  MaintenanceRow,
  MaintenanceTable,
  QueueRow,
  QueueTable,
  RecordRow,
  RecordTable,
  WebhookRow,
  WebhookTable,
} from './tables.ts';

export type { BindingRow, MaintenanceRow, QueueRow, RecordRow, WebhookRow };

/** The tenant a scope is kept to; null for the administrator, who sees every tenant's rows. */
function tenantOf(scope: Scope): string | null {
  return scope.admin ? null : (scope.tenantId ?? '');
}

interface Page<R> {
  rows: R[];
  count: number;
}

// ---- webhooks ----

export async function insertWebhook(db: Db, row: Insertable<WebhookTable>): Promise<void> {
  await db.insertInto('notification_webhooks').values(row).execute();
}

export async function listWebhooks(db: Db, scope: Scope): Promise<WebhookRow[]> {
  return db
    .selectFrom('notification_webhooks')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!))
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findWebhook(db: Db, scope: Scope, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('notification_webhooks')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!))
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateWebhook(
  db: Db,
  scope: Scope,
  id: string,
  set: Updateable<WebhookTable>,
): Promise<number> {
  const res = await db
    .updateTable('notification_webhooks')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!))
    .set(set)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteWebhook(db: Db, scope: Scope, id: string): Promise<number> {
  const res = await db
    .deleteFrom('notification_webhooks')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The enabled webhooks of a tenant (the dispatcher's, unscoped by a caller). */
export async function enabledWebhooks(db: Db, tenantId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('notification_webhooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', 1)
    .execute();
}

// ---- bindings ----

export async function insertBinding(db: Db, row: Insertable<BindingTable>): Promise<void> {
  await db.insertInto('notification_bindings').values(row).execute();
}

/** An account's bindings; with `userId` null, every binding of the scope's tenant (owner's view). */
export async function listBindings(
  db: Db,
  scope: Scope,
  userId: string | null,
): Promise<(BindingRow & { user_name: string })[]> {
  let q = db
    .selectFrom('notification_bindings')
    .$if(tenantOf(scope) !== null, (b) => b.where('notification_bindings.tenant_id', '=', tenantOf(scope)!));
  if (userId !== null) q = q.where('notification_bindings.user_id', '=', userId);
  return q
    .leftJoin('users', 'users.id', 'notification_bindings.user_id')
    .selectAll('notification_bindings')
    .select((eb) => eb.fn.coalesce('users.name', eb.val('')).as('user_name'))
    .orderBy('notification_bindings.created_at')
    .orderBy('notification_bindings.id')
    .execute();
}

export async function deleteBinding(
  db: Db,
  scope: Scope,
  userId: string | null,
  id: string,
): Promise<number> {
  let q = db
    .deleteFrom('notification_bindings')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!))
    .where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A tenant's bindings of a channel, one per address (the dispatcher's recipients). */
export async function tenantBindings(db: Db, tenantId: string, channel: string): Promise<BindingRow[]> {
  return db
    .selectFrom('notification_bindings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', channel)
    .orderBy('created_at')
    .execute();
}

// ---- maintenance windows ----

export async function insertWindow(db: Db, row: Insertable<MaintenanceTable>): Promise<void> {
  await db.insertInto('maintenance_windows').values(row).execute();
}

export async function pageWindows(
  db: Db,
  scope: Scope,
  f: { networkId?: string | undefined; active?: boolean | undefined; now: number },
  offset: number,
  limit: number,
): Promise<Page<MaintenanceRow & { network_name: string }>> {
  let base = db
    .selectFrom('maintenance_windows')
    .$if(tenantOf(scope) !== null, (q) => q.where('maintenance_windows.tenant_id', '=', tenantOf(scope)!));
  if (f.networkId) base = base.where('maintenance_windows.network_id', '=', f.networkId);
  if (f.active !== undefined) {
    // Over: ended early, or its end has passed.
    base = f.active
      ? base.where('maintenance_windows.ended_at', 'is', null).where('maintenance_windows.end_at', '>', f.now)
      : base.where((eb) =>
          eb.or([
            eb('maintenance_windows.ended_at', 'is not', null),
            eb('maintenance_windows.end_at', '<=', f.now),
          ]),
        );
  }
  const [rows, total] = await Promise.all([
    base
      .leftJoin('networks', 'networks.id', 'maintenance_windows.network_id')
      .selectAll('maintenance_windows')
      .select((eb) => eb.fn.coalesce('networks.name', eb.val('')).as('network_name'))
      .orderBy('maintenance_windows.start_at', 'desc')
      .orderBy('maintenance_windows.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export async function findWindow(db: Db, scope: Scope, id: string): Promise<MaintenanceRow | undefined> {
  return db
    .selectFrom('maintenance_windows')
    .$if(tenantOf(scope) !== null, (q) => q.where('maintenance_windows.tenant_id', '=', tenantOf(scope)!))
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function endWindow(db: Db, scope: Scope, id: string, now: number): Promise<number> {
  const res = await db
    .updateTable('maintenance_windows')
    .$if(tenantOf(scope) !== null, (q) => q.where('maintenance_windows.tenant_id', '=', tenantOf(scope)!))
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('end_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Whether a window of the network covers `at` (not ended early before it). */
export async function windowCovers(
  db: Db,
  tenantId: string,
  networkId: string,
  at: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('maintenance_windows')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('network_id', '=', networkId)
    .where('start_at', '<=', at)
    .where('end_at', '>', at)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', at)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The scope's network of that id, for a window's checks and its name. */
export async function findNetwork(
  db: Db,
  scope: Scope,
  id: string,
): Promise<{ id: string; tenant_id: string; name: string } | undefined> {
  return db
    .selectFrom('networks')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!))
    .select(['id', 'tenant_id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- the digest queue ----

export async function insertQueued(db: Db, row: Insertable<QueueTable>): Promise<void> {
  await db.insertInto('notification_queue').values(row).execute();
}

/** The end of the network's open digest window (one not yet digested that ends after `now`). */
export async function openBatch(
  db: Db,
  tenantId: string,
  networkId: string,
  now: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('notification_queue')
    .select((eb) => eb.fn.max('batch_at').as('at'))
    .where('tenant_id', '=', tenantId)
    .where('network_id', '=', networkId)
    .where('done_at', 'is', null)
    .where('batch_at', '>', now)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** What is due for the network's digest: every change not yet digested whose window has ended. */
export async function dueQueued(
  db: Db,
  tenantId: string,
  networkId: string,
  now: number,
): Promise<QueueRow[]> {
  return db
    .selectFrom('notification_queue')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('network_id', '=', networkId)
    .where('done_at', 'is', null)
    .where('batch_at', '<=', now)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

export async function markQueuedDone(db: Db, ids: string[], now: number): Promise<void> {
  if (ids.length > 0)
    await db.updateTable('notification_queue').set({ done_at: now }).where('id', 'in', ids).execute();
}

/** Digested changes older than `before` go (housekeeping). */
export async function purgeQueued(db: Db, before: number): Promise<void> {
  await db.deleteFrom('notification_queue').where('done_at', '<', before).execute();
}

// ---- records ----

/** Records older than `before` go (housekeeping). */
export async function purgeRecords(db: Db, before: number): Promise<void> {
  await db.deleteFrom('notification_records').where('created_at', '<', before).execute();
}

export async function insertRecords(db: Db, rows: Insertable<RecordTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('notification_records').values(rows).execute();
}

export async function getRecord(db: Db, id: string): Promise<RecordRow | undefined> {
  return db.selectFrom('notification_records').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateRecord(db: Db, id: string, set: Updateable<RecordTable>): Promise<void> {
  await db.updateTable('notification_records').set(set).where('id', '=', id).execute();
}

/** Digests and notes that went (or are going) to a recipient through a channel since `since`. */
export async function recentSends(
  db: Db,
  tenantId: string,
  channel: string,
  recipient: string,
  networkId: string,
  since: number,
): Promise<{ kind: string }[]> {
  return db
    .selectFrom('notification_records')
    .select('kind')
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', channel)
    .where('recipient', '=', recipient)
    .where((eb) => (networkId ? eb('network_id', '=', networkId) : eb('network_id', 'is', null)))
    .where('created_at', '>=', since)
    .where('status', 'in', ['queued', 'sent', 'failed'])
    .execute();
}

export interface RecordFilter {
  channel?: string | undefined;
  status?: string | undefined;
  networkId?: string | undefined;
  alarmId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export async function pageRecords(
  db: Db,
  scope: Scope,
  f: RecordFilter,
  offset: number,
  limit: number,
): Promise<Page<RecordRow>> {
  let base = db
    .selectFrom('notification_records')
    .$if(tenantOf(scope) !== null, (q) => q.where('tenant_id', '=', tenantOf(scope)!));
  if (f.channel) base = base.where('channel', '=', f.channel);
  if (f.status) base = base.where('status', '=', f.status);
  if (f.networkId) base = base.where('network_id', '=', f.networkId);
  // Ids are uuids or the alarm domain's ids: quoted inside the JSON array.
  if (f.alarmId) base = base.where('alarm_ids', 'like', `%${JSON.stringify(f.alarmId)}%`);
  if (f.from !== undefined) base = base.where('created_at', '>=', f.from);
  if (f.to !== undefined) base = base.where('created_at', '<', f.to);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
