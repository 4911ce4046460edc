import type { Insertable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import type { DeviceLldpTable, SnapshotRow, TopologySnapshotTable } from './tables.ts';

export type { SnapshotRow };

/** The tenant a scope limits rows to; undefined for the administrator (every tenant). */
function tenantOf(scope: Scope): string | undefined {
  return scope.admin ? undefined : (scope.tenantId ?? '');
}

// ---- LLDP neighbours ----

/** Writes the devices' latest neighbours (call inside a transaction). */
export async function upsertLldp(db: Db, rows: Insertable<DeviceLldpTable>[]): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('device_lldp')
      .values(row)
      .onConflict((oc) =>
        oc.column('device_id').doUpdateSet({
          tenant_id: row.tenant_id,
          neighbors: row.neighbors,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}

export async function lldpOf(db: Db, scope: Scope, deviceIds: string[]): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  let q = db.selectFrom('device_lldp').select(['device_id', 'neighbors']).where('device_id', 'in', deviceIds);
  const tenant = tenantOf(scope);
  if (tenant !== undefined) q = q.where('tenant_id', '=', tenant);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.device_id, r.neighbors]));
}

export async function clearLldp(db: Db, scope: Scope, deviceIds: string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  let q = db.deleteFrom('device_lldp').where('device_id', 'in', deviceIds);
  const tenant = tenantOf(scope);
  if (tenant !== undefined) q = q.where('tenant_id', '=', tenant);
  await q.execute();
}

// ---- history ----

export async function currentSnapshot(
  db: Db,
  scope: Scope,
  networkId: string,
): Promise<SnapshotRow | undefined> {
  let q = db
    .selectFrom('topology_snapshots')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('ended_at', 'is', null);
  const tenant = tenantOf(scope);
  if (tenant !== undefined) q = q.where('tenant_id', '=', tenant);
  return q.executeTakeFirst();
}

/** The newest `max` records of a network, newest first. */
export async function recentSnapshots(
  db: Db,
  scope: Scope,
  networkId: string,
  max: number,
): Promise<SnapshotRow[]> {
  let q = db
    .selectFrom('topology_snapshots')
    .selectAll()
    .where('network_id', '=', networkId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max);
  const tenant = tenantOf(scope);
  if (tenant !== undefined) q = q.where('tenant_id', '=', tenant);
  return q.execute();
}

/** Ends the record in force and starts the next (call inside a transaction). */
export async function replaceSnapshot(
  db: Db,
  current: SnapshotRow | undefined,
  next: Insertable<TopologySnapshotTable>,
): Promise<void> {
  if (current) {
    await db
      .updateTable('topology_snapshots')
      .set({ ended_at: next.created_at })
      .where('id', '=', current.id)
      .execute();
  }
  await db.insertInto('topology_snapshots').values(next).execute();
}

/** Keeps the newest `keep` records of a network. */
export async function pruneSnapshots(db: Db, networkId: string, keep: number): Promise<void> {
  const old = await db
    .selectFrom('topology_snapshots')
    .select('id')
    .where('network_id', '=', networkId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length > 0) {
    await db
      .deleteFrom('topology_snapshots')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
  }
}

export async function deleteSnapshots(db: Db, scope: Scope, networkId: string): Promise<void> {
  let q = db.deleteFrom('topology_snapshots').where('network_id', '=', networkId);
  const tenant = tenantOf(scope);
  if (tenant !== undefined) q = q.where('tenant_id', '=', tenant);
  await q.execute();
}

/** Networks with a topology in force (the periodic re-check). */
export async function drawnNetworks(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('topology_snapshots')
    .select('network_id')
    .where('ended_at', 'is', null)
    .execute();
  return rows.map((r) => r.network_id);
}
