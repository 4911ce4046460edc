import { sql, type Insertable, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import type { CommandRow, DeviceCommandTable } from './tables.ts';

export type { CommandRow };

/** Statuses of a command that has not ended. */
export const OPEN_STATUSES = ['held', 'sent', 'accepted', 'progress'] as const;
/** Statuses before the device said anything: what expiry ends. */
export const UNREPORTED_STATUSES = ['held', 'sent'] as const;
export const REPORTED_OPEN_STATUSES = ['accepted', 'progress'] as const;

/** A tenant sees the commands issued while the device was its own; the administrator sees all. */
function visible(db: Db, scope: Scope) {
  let q = db.selectFrom('device_commands');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q;
}

export async function insertCommand(db: Db, row: Insertable<DeviceCommandTable>): Promise<void> {
  await db.insertInto('device_commands').values(row).execute();
}

export async function pageCommands(
  db: Db,
  scope: Scope,
  q: {
    deviceId?: string | undefined;
    status?: string | undefined;
    offset: number;
    limit: number;
    direction: 'asc' | 'desc';
  },
): Promise<{ rows: CommandRow[]; count: number }> {
  let base = visible(db, scope);
  if (q.deviceId !== undefined) base = base.where('device_id', '=', q.deviceId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('issued_at', q.direction)
      .orderBy('id', q.direction)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** An open command of this kind for the device, to answer a repeated request with it. */
export async function findOpenCommand(
  db: Db,
  scope: Scope,
  deviceId: string,
  kind: string,
  /** Only one with this very body (a kick of the same client, not of another). */
  body?: string,
): Promise<CommandRow | undefined> {
  // The tenant is compared as an expression (`tenant_id || ''`), not a bare column: otherwise SQLite,
  // without statistics on a fresh store, walks the (tenant_id, issued_at) index for its ORDER BY and
  // reads every command of the tenant per lookup — quadratic in a 10,000-device delivery
  // (docs/performance.md). Keyed by the device, the lookup reads that device's commands only.
  let q = db.selectFrom('device_commands').selectAll();
  if (!scope.admin) q = q.where(sql<string>`tenant_id || ''`, '=', scope.tenantId ?? '');
  q = q.where('device_id', '=', deviceId).where('kind', '=', kind).where('finished_at', 'is', null);
  if (body !== undefined) q = q.where('body', '=', body);
  return q.orderBy('issued_at').executeTakeFirst();
}

export async function cancelOpenCommands(
  db: Db,
  scope: Scope,
  deviceId: string,
  now: number,
): Promise<number> {
  let q = db
    .updateTable('device_commands')
    .set({ status: 'cancelled', finished_at: now })
    .where('device_id', '=', deviceId)
    .where('finished_at', 'is', null);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- unscoped: the device's side. A command is addressed to an SN and the device answers for its
// own SN only (broker ACL), so id and SN together find the one command it speaks of.

export async function findCommandOfDevice(db: Db, id: string, sn: string): Promise<CommandRow | undefined> {
  return db
    .selectFrom('device_commands')
    .selectAll()
    .where('id', '=', id)
    .where('sn', '=', sn)
    .executeTakeFirst();
}

export async function openCommandsOfDevice(db: Db, deviceId: string): Promise<CommandRow[]> {
  return db
    .selectFrom('device_commands')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('finished_at', 'is', null)
    .orderBy('issued_at')
    .orderBy('id')
    .execute();
}

export async function updateCommand(
  db: Db,
  id: string,
  patch: Updateable<DeviceCommandTable>,
  onlyIfStatus?: readonly string[],
): Promise<number> {
  let q = db.updateTable('device_commands').set(patch).where('id', '=', id);
  if (onlyIfStatus) q = q.where('status', 'in', onlyIfStatus);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Published once more: held becomes sent; a command the device already reported on keeps its status. */
export async function markSent(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('device_commands')
    .set((eb) => ({ sent_at: now, send_count: eb('send_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await updateCommand(db, id, { status: 'sent' }, ['held']);
}

/** The commands endOverdueCommands would end now (to say afterwards what changed). */
export async function overdueCommandIds(
  db: Db,
  now: number,
  stallMs: number,
  deviceId?: string,
): Promise<string[]> {
  let q = db
    .selectFrom('device_commands')
    .select('id')
    .where('finished_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', UNREPORTED_STATUSES), eb('expires_at', '<', now)]),
        eb.and([eb('status', 'in', REPORTED_OPEN_STATUSES), eb('reported_at', '<', now - stallMs)]),
      ]),
    );
  if (deviceId !== undefined) q = q.where('device_id', '=', deviceId);
  return (await q.execute()).map((r) => r.id);
}

/** Commands by id, for the announcements of their changes (unscoped: ids come from the server). */
export async function findCommands(db: Db, ids: readonly string[]): Promise<CommandRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('device_commands').selectAll().where('id', 'in', ids).execute();
}

/**
 * Protocol §7.2: unreported commands past their expiry are expired; started ones silent for
 * `stallMs` are timed out. `deviceId` limits it to one device.
 */
export async function endOverdueCommands(
  db: Db,
  now: number,
  stallMs: number,
  deviceId?: string,
): Promise<{ expired: number; timedOut: number }> {
  let expire = db
    .updateTable('device_commands')
    .set({ status: 'expired', finished_at: now })
    .where('finished_at', 'is', null)
    .where('status', 'in', UNREPORTED_STATUSES)
    .where('expires_at', '<', now);
  let stall = db
    .updateTable('device_commands')
    .set({ status: 'timed_out', finished_at: now })
    .where('finished_at', 'is', null)
    .where('status', 'in', REPORTED_OPEN_STATUSES)
    .where('reported_at', '<', now - stallMs);
  if (deviceId !== undefined) {
    expire = expire.where('device_id', '=', deviceId);
    stall = stall.where('device_id', '=', deviceId);
  }
  const [e, s] = [await expire.executeTakeFirst(), await stall.executeTakeFirst()];
  return { expired: Number(e.numUpdatedRows), timedOut: Number(s.numUpdatedRows) };
}
