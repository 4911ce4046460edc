import type { Insertable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import type { MessageRow, MessageTable } from './tables.ts';

export type { MessageRow };

export interface MessageFilter {
  type?: string | undefined;
  read?: boolean | undefined;
}

/** A tenant's messages; the administrator's view holds every tenant's. */
function visible(db: Db, scope: Scope, f: MessageFilter = {}) {
  let q = db.selectFrom('messages');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.read !== undefined) q = q.where('read_at', f.read ? 'is not' : 'is', null);
  return q;
}

export async function insertMessages(db: Db, rows: Insertable<MessageTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('messages').values(rows).execute();
}

export async function pageMessages(
  db: Db,
  scope: Scope,
  f: MessageFilter,
  offset: number,
  limit: number,
): Promise<RowPage<MessageRow>> {
  return pageRows(
    visible(db, scope, f),
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { offset, limit },
  );
}

export async function findMessage(db: Db, scope: Scope, id: string): Promise<MessageRow | undefined> {
  return visible(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks messages read (one, or every unread one of the scope); returns how many. */
export async function markRead(db: Db, scope: Scope, now: number, id?: string): Promise<number> {
  let q = db.updateTable('messages').set({ read_at: now }).where('read_at', 'is', null);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  if (id !== undefined) q = q.where('id', '=', id);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Removes messages (one, or all of the scope); returns how many. */
export async function removeMessages(db: Db, scope: Scope, id?: string): Promise<number> {
  let q = db.deleteFrom('messages');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  if (id !== undefined) q = q.where('id', '=', id);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}
