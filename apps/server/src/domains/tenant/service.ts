import { AccountState, ErrorCode, type Operation } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import { pointReads, type Db } from '../../platform/store/db.ts';
import {
  findTenant,
  findTenantByName,
  insertTenant,
  listTenantNames,
  updateTenant,
  type TenantRow,
} from './store.ts';

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
  /** Percent off the list price (spec §3 "level with device, SMS, cloud discounts"). */
  level?: { Device: number; Sms: number; Cloud: number };
  serviceStart?: number | null;
  serviceEnd?: number | null;
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

  /** `db` may be the caller's transaction, e.g. one that also creates the owner account. */
  async create(scope: Scope, input: NewTenant, db: Db = this.db): Promise<TenantRow> {
    const now = this.clock();
    const row: TenantRow = {
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
      service_start: input.serviceStart ?? null,
      service_end: input.serviceEnd ?? null,
      discount_device: input.level?.Device ?? 0,
      discount_sms: input.level?.Sms ?? 0,
      discount_cloud: input.level?.Cloud ?? 0,
      logo_path: null,
      created_at: now,
      updated_at: now,
    };
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    await insertTenant(db, row);
    return row;
  }

  /** By id, a point read (every signed-in request of a tenant's user asks it). */
  get(scope: Scope, id: string): Promise<TenantRow | undefined> {
    return findTenant(pointReads(this.db), scope, id);
  }

  /** Ids of the live tenants (not abandoned). */
  async liveIds(scope: Scope): Promise<string[]> {
    return (await listTenantNames(this.db, scope)).map((t) => t.id);
  }

  findByName(scope: Scope, name: string): Promise<TenantRow | undefined> {
    return findTenantByName(this.db, scope, name);
  }

  /** The owner verified a new phone or e-mail: the tenant's contact follows it. */
  async setContact(
    scope: Scope,
    id: string,
    contact: { phone?: string; email?: string },
    db: Db = this.db,
  ): Promise<void> {
    await updateTenant(db, scope, id, { ...contact, updated_at: this.clock() });
  }

  async setLogo(scope: Scope, id: string, logoPath: string): Promise<void> {
    if ((await updateTenant(this.db, scope, id, { logo_path: logoPath, updated_at: this.clock() })) === 0) {
      throw new AppError(ErrorCode.TenantNotFound);
    }
  }
}
