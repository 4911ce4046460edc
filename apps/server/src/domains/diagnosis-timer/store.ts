/**
 * The timers' queries. Every function over a tenant's timers takes the caller's Scope first and
 * filters by it in SQL; the firing job works in the system scope (the administrator's, every tenant).
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import type { DiagnosisTimerRow, DiagnosisTimerTable } from './tables.ts';

export type { DiagnosisTimerRow };

export interface TimerFilter {
  search?: string | undefined;
  status?: number | undefined;
  kind?: string | undefined;
  id?: string | undefined;
}

function visible(db: Db, scope: Scope) {
  let q = db.selectFrom('diagnosis_timers');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q;
}

/** The user's timers (not the built-in tasks), newest first. */
export async function pageTimers(
  db: Db,
  scope: Scope,
  f: TimerFilter,
  offset: number,
  limit: number,
): Promise<RowPage<DiagnosisTimerRow>> {
  let q = visible(db, scope).where('builtin', 'is', null);
  if (f.id !== undefined) q = q.where('id', '=', f.id);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.search) {
    q = q.where(
      sql<boolean>`lower(${sql.ref('name')}) like ${likePattern(f.search.toLowerCase())} escape '\\'`,
    );
  }
  return pageRows(q, (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), {
    offset,
    limit,
  });
}

/** How many timers of its own the tenant has (the built-ins not counted). */
export async function countUserTimers(db: Db, scope: Scope): Promise<number> {
  const row = await visible(db, scope)
    .where('builtin', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A timer of the scope (a user's or a built-in), by id. */
export function findTimer(db: Db, scope: Scope, id: string): Promise<DiagnosisTimerRow | undefined> {
  return visible(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The scope's built-in tasks (at most two for a tenant). */
export function builtinTimers(db: Db, scope: Scope): Promise<DiagnosisTimerRow[]> {
  return visible(db, scope).selectAll().where('builtin', 'is not', null).orderBy('builtin', 'desc').execute();
}

export async function insertTimer(db: Db, row: Insertable<DiagnosisTimerTable>): Promise<void> {
  await db.insertInto('diagnosis_timers').values(row).execute();
}

/** Adds built-in tasks; one a tenant has already stays as it is. */
export async function insertBuiltins(db: Db, rows: Insertable<DiagnosisTimerTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('diagnosis_timers')
    .values(rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'builtin']).doNothing())
    .execute();
}

/** Changes a timer of the scope; false when the scope has no such timer. */
export async function updateTimer(
  db: Db,
  scope: Scope,
  id: string,
  set: Updateable<DiagnosisTimerTable>,
): Promise<boolean> {
  let q = db.updateTable('diagnosis_timers').set(set).where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Removes a user's timer of the scope (a built-in cannot be removed); false when there is none. */
export async function deleteTimer(db: Db, scope: Scope, id: string): Promise<boolean> {
  let q = db.deleteFrom('diagnosis_timers').where('id', '=', id).where('builtin', 'is', null);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Takes the firing of `slot`: moves the timer's next slot on and stamps the firing, only while the
 * timer is enabled and `slot` is still its next one (compare-and-set). False: the timer changed,
 * was disabled or removed, or another attempt or node took this slot.
 */
export async function claimSlot(
  db: Db,
  scope: Scope,
  id: string,
  slot: number,
  next: number,
  now: number,
): Promise<boolean> {
  let q = db
    .updateTable('diagnosis_timers')
    .set({ next_run: next, last_run: now, last_run_id: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 1)
    .where('next_run', '=', slot);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The outcome of a firing: the run it dispatched, or the code that refused it. */
export async function recordFiring(
  db: Db,
  scope: Scope,
  id: string,
  outcome: { runId: string | null; error: number | null },
): Promise<void> {
  let q = db
    .updateTable('diagnosis_timers')
    .set({ last_run_id: outcome.runId, last_error: outcome.error })
    .where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  await q.execute();
}

/** The enabled timers' next slots, for re-adding a firing that went missing. */
export function enabledTimers(db: Db, scope: Scope): Promise<{ id: string; next_run: number | null }[]> {
  return visible(db, scope).select(['id', 'next_run']).where('status', '=', 1).execute();
}
