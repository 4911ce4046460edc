/**
 * Tenant isolation in the store layer (docs/conventions.md, "Tenancy"): a statement over a table
 * with a `tenant_id` keeps to the caller's tenant; the administrator's reaches every tenant's rows.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Scope } from '../auth/guard.ts';

/** A statement of one table, as the builders of select, update and delete all take a condition. */
interface Filterable<Q> {
  where(condition: Expression<SqlBool>): Q;
}

/** For `$call`: `db.selectFrom('alarms').$call(ofScope(scope))`. */
export function ofScope(scope: Scope) {
  return <Q extends Filterable<Q>>(q: Q): Q =>
    scope.admin ? q : q.where(sql<SqlBool>`${sql.ref('tenant_id')} = ${scope.tenantId ?? ''}`);
}
