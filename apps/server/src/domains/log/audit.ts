/**
 * The audit hook and writer (docs/logs.md, "Audit log"): every state-changing call (POST, PUT,
 * PATCH, DELETE) of a route with an audit rule leaves one entry once it has been answered — who, what
 * (code and module), on which object, the outcome, level and source. Entries are queued and written in
 * batches (as the trackers write the ingest), so a call never waits for its entry; a failed write is
 * logged and never fails a call. Bodies, passwords and tokens are never stored: only the fields the
 * rule's object reads (audit-map.ts).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, LogLevel, LogSource, logModuleOf } from '@netconsole/contract';
import type { AuditRule } from '../../platform/http/audit.ts';
import type { App } from '../../platform/http/schemas.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { auditRuleOf, defaultObject } from './audit-map.ts';
import { BatchWriter } from './batch.ts';
import type { AuditLogTable } from './tables.ts';

export const AUDIT_FLUSH_MS = 1000;
/** A batch is written at once when this many entries wait. */
export const AUDIT_FLUSH_AT = 200;
/** Entries kept waiting at most (a store down for long): the oldest are dropped beyond, and counted. */
export const AUDIT_QUEUE_MAX = 20_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REFUSED_SESSION: ReadonlySet<number> = new Set([
  ErrorCode.NotSignedIn,
  ErrorCode.LoggedInElsewhere,
  ErrorCode.NoAccessRights,
]);
const LOGIN = 'POST /v1/user/login';

type Pending = Omit<AuditLogTable, 'id'> & { id: string; lookupName: string | null };

/** 2 info for ok, 4 error for a server failure (5xxx), 3 warn for any other refusal. */
export function auditLevel(outcome: number): number {
  if (outcome === 0) return LogLevel.Info;
  return outcome >= 5000 && outcome < 6000 ? LogLevel.Error : LogLevel.Warn;
}

/** 4 unauthorized user for a session refusal, 1 user when signed in, 0 unknown otherwise. */
export function auditSource(outcome: number, signedIn: boolean): number {
  if (REFUSED_SESSION.has(outcome)) return LogSource.UnauthorizedUser;
  return signedIn ? LogSource.User : LogSource.Unknown;
}

export class AuditLog extends BatchWriter {
  private queue: Pending[] = [];
  /** The error code each answered request was refused with (read from its reply in onSend). */
  private readonly outcomes = new WeakMap<FastifyRequest, number>();
  /** The rules of the routes registered after the hook (the coverage test reads them). */
  readonly routes = new Map<string, AuditRule | false | undefined>();
  /** Entries written, and dropped (queue full or a failed write), since start. */
  readonly figures = { written: 0, dropped: 0, failedWrites: 0 };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    super(AUDIT_FLUSH_MS);
  }

  /** Registers the hooks on the whole app (root hooks reach every route, earlier ones included). */
  install(app: App): void {
    app.addHook('onRoute', (r) => {
      for (const m of ([] as string[]).concat(r.method)) {
        if (STATE_CHANGING.has(m)) this.routes.set(`${m} ${r.url}`, r.config?.audit);
      }
    });
    app.addHook('onSend', async (req, reply, payload) => {
      if (reply.statusCode >= 400 && STATE_CHANGING.has(req.method)) {
        this.outcomes.set(req, codeOf(payload, reply.statusCode));
      }
      return payload;
    });
    app.addHook('onResponse', async (req, reply) => {
      try {
        this.answered(req, reply);
      } catch (err) {
        this.log.error({ err }, 'audit entry not recorded');
      }
    });
  }

  private answered(req: FastifyRequest, reply: FastifyReply): void {
    if (!STATE_CHANGING.has(req.method) || req.is404) return;
    const url = req.routeOptions.url;
    if (!url) return;
    const rule = auditRuleOf(req.method, url, req.routeOptions.config?.audit);
    if (!rule) return;
    const outcome = reply.statusCode >= 400 ? (this.outcomes.get(req) ?? ErrorCode.Internal) : 0;
    const p = req.principal;
    const object = (rule.object ? rule.object(req) : defaultObject(req)) ?? '';
    const login = `${req.method} ${url}` === LOGIN;
    this.enqueue({
      id: newId(),
      tenant_id: p?.tenantId ?? null,
      account_id: p?.userId ?? null,
      account_name: (p?.username ?? (login ? object : '')).slice(0, 64),
      role: p?.role ?? null,
      address: (req.ip ?? '').slice(0, 64),
      method: req.method,
      path: url.slice(0, 200),
      code: rule.code,
      module: logModuleOf(rule.code) ?? 'others',
      object: object.slice(0, 200),
      outcome,
      level: auditLevel(outcome),
      source: auditSource(outcome, p !== null || (login && outcome === 0)),
      created_at: this.clock(),
      lookupName: login && object ? object : null,
    });
  }

  enqueue(entry: Pending): void {
    if (this.queue.length >= AUDIT_QUEUE_MAX) {
      this.queue.shift();
      this.figures.dropped++;
    }
    this.queue.push(entry);
    if (this.queue.length >= AUDIT_FLUSH_AT) void this.flush();
  }

  /** What waits, in batches of AUDIT_FLUSH_AT. */
  protected async write(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, AUDIT_FLUSH_AT);
      try {
        await this.resolveSignIns(batch);
        await this.db
          .insertInto('audit_logs')
          .values(batch.map(({ lookupName: _, ...row }) => row))
          .execute();
        this.figures.written += batch.length;
      } catch (err) {
        this.figures.failedWrites++;
        this.figures.dropped += batch.length;
        this.log.error({ err, entries: batch.length }, 'audit entries not written');
      }
    }
  }

  /**
   * A sign-in has no session yet: the account is found by the name tried, so its tenant sees the
   * attempts on its accounts (an unknown name stays the administrator's to see).
   */
  private async resolveSignIns(batch: Pending[]): Promise<void> {
    const names = [...new Set(batch.flatMap((e) => (e.lookupName ? [e.lookupName] : [])))];
    if (names.length === 0) return;
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'role', 'username'])
      .where('username', 'in', names)
      .execute();
    const byName = new Map(rows.map((r) => [r.username, r]));
    for (const e of batch) {
      const u = e.lookupName ? byName.get(e.lookupName) : undefined;
      if (!u) continue;
      e.account_id = u.id;
      e.tenant_id = u.tenant_id;
      e.role = u.role;
    }
  }
}

/** The catalogue code of an error reply (its JSON `code`), else one for its HTTP status. */
function codeOf(payload: unknown, status: number): number {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    try {
      const code = (JSON.parse(payload.toString()) as { code?: unknown }).code;
      if (typeof code === 'number' && Number.isInteger(code)) return code;
    } catch {
      // not JSON: fall through to the status
    }
  }
  return status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed;
}
