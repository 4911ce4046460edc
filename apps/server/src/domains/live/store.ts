/**
 * What the live sockets ask of the store: whether the sessions they serve still stand. Read only —
 * a watching socket is not activity, so it never slides a session's expiry.
 */
import { AccountState } from '@netconsole/contract';
import type { Db } from '../../platform/store/db.ts';

export interface SessionStanding {
  id: string;
  endedAt: number | null;
  endReason: string | null;
  expiresAt: number;
  /** The account's state (a disabled account's session ends on its next call). */
  accountNormal: boolean;
}

/**
 * The standing of the sessions asked for; a session missing from the answer no longer exists.
 * Sessions are the server's own records, looked up by id for sockets the server itself holds, so
 * no caller Scope applies.
 */
export async function sessionStandings(db: Db, ids: readonly string[]): Promise<SessionStanding[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as id',
      'sessions.ended_at as ended_at',
      'sessions.end_reason as end_reason',
      'sessions.expires_at as expires_at',
      'users.status as status',
    ])
    .where('sessions.id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    endedAt: r.ended_at,
    endReason: r.end_reason,
    expiresAt: r.expires_at,
    accountNormal: r.status === AccountState.Normal,
  }));
}
