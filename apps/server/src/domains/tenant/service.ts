import { AccountState, ErrorCode, type Operation } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { findTenant, findTenantByName, insertTenant, type TenantRow } from './store.ts';

export interface TenantSummary {
  _id: string;
  Name: string;
  Status: number;
  Phone: string;
  Operation: Required<Operation>;
}

export interface NewTenant {
  name: string;
  phone?: string;
  email?: string;
  operation: Required<Operation>;
  status?: number;
}

export function tenantOperation(t: TenantRow): Required<Operation> {
  return {
    Certified: t.op_certified === 1,
    Analysis: t.op_analysis === 1,
    Financial: t.op_financial === 1,
    AddUser: t.op_adduser === 1,
  };
}

export function summarize(t: TenantRow): TenantSummary {
  return { _id: t.id, Name: t.name, Status: t.status, Phone: t.phone, Operation: tenantOperation(t) };
}

const flag = (b: boolean | undefined) => (b ? 1 : 0);

export class TenantService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(scope: Scope, input: NewTenant): Promise<TenantRow> {
    const now = this.clock();
    const row = {
      id: newId(),
      name: input.name,
      status: input.status ?? AccountState.Normal,
      phone: input.phone ?? '',
      email: input.email ?? '',
      op_certified: flag(input.operation.Certified),
      op_analysis: flag(input.operation.Analysis),
      op_financial: flag(input.operation.Financial),
      op_adduser: flag(input.operation.AddUser),
      level: 0,
      service_start: null,
      service_end: null,
      created_at: now,
      updated_at: now,
    };
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    await insertTenant(this.db, row);
    return row;
  }

  get(scope: Scope, id: string): Promise<TenantRow | undefined> {
    return findTenant(this.db, scope, id);
  }

  findByName(scope: Scope, name: string): Promise<TenantRow | undefined> {
    return findTenantByName(this.db, scope, name);
  }
}
