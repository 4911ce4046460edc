/**
 * The diagnosis queries. Reads take the caller's scope first (a tenant its own rows, the
 * administrator every tenant's); the writes that follow a device's command reports work on ids
 * the server's own rows gave (a command row), like the command service's.
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import { ofScope } from '../../platform/store/scope.ts';
import type {
  DiagnosisPointRow,
  DiagnosisPointTable,
  DiagnosisResultRow,
  DiagnosisResultTable,
  DiagnosisRunRow,
  DiagnosisRunTable,
} from './tables.ts';

export type { DiagnosisPointRow, DiagnosisResultRow, DiagnosisRunRow };

/** Target filters are host names or addresses; anything else matches no run (and no LIKE pattern). */
const TARGET_FILTER_RE = /^[A-Za-z0-9.-]+$/;

export async function insertRun(
  db: Db,
  run: Insertable<DiagnosisRunTable>,
  results: Insertable<DiagnosisResultTable>[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('diagnosis_runs').values(run).execute();
    for (let i = 0; i < results.length; i += 200) {
      await tx
        .insertInto('diagnosis_results')
        .values(results.slice(i, i + 200))
        .execute();
    }
  });
}

export async function deleteRun(db: Db, runId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('diagnosis_results').where('run_id', '=', runId).execute();
    await tx.deleteFrom('diagnosis_runs').where('id', '=', runId).execute();
  });
}

export async function updateRun(db: Db, runId: string, patch: Updateable<DiagnosisRunTable>): Promise<void> {
  await db.updateTable('diagnosis_runs').set(patch).where('id', '=', runId).execute();
}

export async function runById(db: Db, runId: string): Promise<DiagnosisRunRow | undefined> {
  return db.selectFrom('diagnosis_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

/**
 * The open device results a `run_diagnosis` command serves: the device's, running, of a run whose
 * command body is this one (several when identical runs shared the device's open command).
 */
export async function openResultsOfCommand(
  db: Db,
  deviceId: string,
  body: string,
): Promise<(DiagnosisResultRow & { run_body: string })[]> {
  return db
    .selectFrom('diagnosis_results as r')
    .innerJoin('diagnosis_runs as u', 'u.id', 'r.run_id')
    .selectAll('r')
    .select('u.body as run_body')
    .where('r.device_id', '=', deviceId)
    .where('r.status', '=', 'running')
    .where('u.body', '=', body)
    .orderBy('r.created_at')
    .execute();
}

export async function updateResult(
  db: Db,
  id: string,
  patch: Updateable<DiagnosisResultTable>,
  onlyRunning = true,
): Promise<number> {
  let q = db.updateTable('diagnosis_results').set(patch).where('id', '=', id);
  if (onlyRunning) q = q.where('status', '=', 'running');
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertPoints(db: Db, rows: Insertable<DiagnosisPointTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('diagnosis_points')
    .values(rows)
    .onConflict((oc) => oc.columns(['result_id', 'target']).doNothing())
    .execute();
}

/** A run's results by status and outcome, for its counts. */
export async function tallyRun(
  db: Db,
  runId: string,
): Promise<{ total: number; running: number; passed: number; failed: number; noResult: number }> {
  const rows = await db
    .selectFrom('diagnosis_results')
    .select((eb) => ['status', 'result', eb.fn.countAll<number>().as('n')])
    .where('run_id', '=', runId)
    .groupBy(['status', 'result'])
    .execute();
  const t = { total: 0, running: 0, passed: 0, failed: 0, noResult: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    t.total += n;
    if (r.status === 'running') t.running += n;
    else if (r.result === 1) t.passed += n;
    else if (r.result === 0) t.failed += n;
    else t.noResult += n;
  }
  return t;
}

/** Runs left running (a restart, reports lost): the sweep looks at their commands again. */
export async function runningResults(db: Db, olderThan: number, limit = 500): Promise<DiagnosisResultRow[]> {
  return db
    .selectFrom('diagnosis_results')
    .selectAll()
    .where('status', '=', 'running')
    .where('updated_at', '<', olderThan)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

// ---- reads (scoped) ----

export interface RunFilter {
  kind?: string | undefined;
  type?: number | undefined;
  /** 'none': started by hand. */
  timerId?: string | undefined;
  networkId?: string | undefined;
  /** A device _id or SN. */
  device?: string | undefined;
  target?: string | undefined;
  start?: number | undefined;
  end?: number | undefined;
  status?: string | undefined;
}

function visibleRuns(db: Db, scope: Scope, f: RunFilter) {
  let q = db.selectFrom('diagnosis_runs').$call(ofScope(scope));
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.timerId === 'none') q = q.where('timer_id', 'is', null);
  else if (f.timerId !== undefined) q = q.where('timer_id', '=', f.timerId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.start !== undefined) q = q.where('created_at', '>=', f.start);
  if (f.end !== undefined) q = q.where('created_at', '<=', f.end);
  if (f.target !== undefined) {
    if (!TARGET_FILTER_RE.test(f.target)) q = q.where(sql<boolean>`1 = 0`);
    else q = q.where('targets', 'like', `%${JSON.stringify(f.target)}%`);
  }
  if (f.networkId !== undefined || f.device !== undefined) {
    const { networkId, device } = f;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('diagnosis_results as r')
          .select('r.id')
          .whereRef('r.run_id', '=', 'diagnosis_runs.id')
          .$if(networkId !== undefined, (s) => s.where('r.network_id', '=', networkId!))
          .$if(device !== undefined, (s) =>
            s.where((eb) => eb.or([eb('r.device_id', '=', device!), eb('r.sn', '=', device!.toUpperCase())])),
          ),
      ),
    );
  }
  return q;
}

export async function pageRuns(
  db: Db,
  scope: Scope,
  f: RunFilter,
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
): Promise<RowPage<DiagnosisRunRow>> {
  return pageRows(
    visibleRuns(db, scope, f),
    (b) => b.selectAll().orderBy('created_at', page.direction).orderBy('id', page.direction),
    page,
  );
}

export async function findRun(db: Db, scope: Scope, id: string): Promise<DiagnosisRunRow | undefined> {
  return db
    .selectFrom('diagnosis_runs')
    .$call(ofScope(scope))
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface ResultFilter {
  runId?: string | undefined;
  id?: string | undefined;
  /** 'pass': ended with every target passed; 'fail': ended otherwise. */
  outcome?: 'pass' | 'fail' | undefined;
  status?: string | undefined;
  networkId?: string | undefined;
  device?: string | undefined;
}

export async function pageResults(
  db: Db,
  scope: Scope,
  f: ResultFilter,
  page: { offset: number; limit: number; orderBy: 'sn' | 'updated_at'; direction: 'asc' | 'desc' },
): Promise<RowPage<DiagnosisResultRow>> {
  let q = db.selectFrom('diagnosis_results').$call(ofScope(scope));
  if (f.runId !== undefined) q = q.where('run_id', '=', f.runId);
  if (f.id !== undefined) q = q.where('id', '=', f.id);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.outcome === 'pass') q = q.where('status', '=', 'ended').where('result', '=', 1);
  if (f.outcome === 'fail') q = q.where('status', '=', 'ended').where('result', '<>', 1);
  if (f.networkId !== undefined) q = q.where('network_id', '=', f.networkId);
  if (f.device !== undefined) {
    const d = f.device;
    q = q.where((eb) => eb.or([eb('device_id', '=', d), eb('sn', '=', d.toUpperCase())]));
  }
  return pageRows(q, (b) => b.selectAll().orderBy(page.orderBy, page.direction).orderBy('id'), page);
}

export async function findResult(db: Db, scope: Scope, id: string): Promise<DiagnosisResultRow | undefined> {
  return db
    .selectFrom('diagnosis_results')
    .$call(ofScope(scope))
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The devices a scope's results name, by _id or SN (the chart's devices, gone ones included). */
export async function resultDevices(
  db: Db,
  scope: Scope,
  refs: readonly string[],
): Promise<{ device_id: string; sn: string; device_name: string }[]> {
  if (refs.length === 0) return [];
  const upper = refs.map((r) => r.toUpperCase());
  return (
    db
      .selectFrom('diagnosis_results')
      .$call(ofScope(scope))
      .select(['device_id', 'sn', 'device_name'])
      .where((eb) => eb.or([eb('device_id', 'in', refs), eb('sn', 'in', upper)]))
      // One row per device and name it had (at most a few per device).
      .groupBy(['device_id', 'sn', 'device_name'])
      .execute()
  );
}

/** A target's points of devices between two times, oldest first. */
export async function seriesPoints(
  db: Db,
  scope: Scope,
  q: {
    deviceIds: readonly string[];
    target: string;
    start: number;
    end: number;
    timerId?: string | undefined;
  },
): Promise<DiagnosisPointRow[]> {
  if (q.deviceIds.length === 0) return [];
  let s = db
    .selectFrom('diagnosis_points')
    .$call(ofScope(scope))
    .selectAll()
    .where('device_id', 'in', q.deviceIds)
    .where('target', '=', q.target)
    .where('at', '>=', q.start)
    .where('at', '<=', q.end);
  if (q.timerId !== undefined) s = s.where('timer_id', '=', q.timerId);
  return s.orderBy('at').execute();
}
