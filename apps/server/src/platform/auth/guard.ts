import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, routeAllowed, type RouteRole } from '@netconsole/contract';
import { AppError } from '../http/app-error.ts';

/** Who is calling: resolved from the session token on every request. */
export interface Principal {
  sessionId: string;
  userId: string;
  username: string;
  tenantId: string | null;
  /** Account role value: 1 tenant-side user, 10 administrator. */
  role: number;
  type: number;
  roles: RouteRole[];
}

/**
 * Whose data a store call may touch. Every store function over tenant data takes it first, so a
 * forgotten check in a route cannot reach another tenant's rows.
 */
export interface Scope {
  tenantId: string | null;
  admin: boolean;
}

export function scopeOf(p: Principal): Scope {
  return { tenantId: p.tenantId, admin: p.role === 10 };
}

export type AuthRule =
  | 'public'
  | {
      /** Route roles (spec §6), any of which admits the caller. */
      roles?: RouteRole[];
      /** Account role values admitted (e.g. [10] for administrator-only calls). */
      accountRoles?: number[];
      /** The code for a refusal where the spec names one (12006, 15007); 4012 otherwise. */
      denyCode?: number;
      /** Admit a session that timed out (not one ended elsewhere): sign-out after a time-out. */
      allowExpired?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type PrincipalResolver = (token: string, opts: { allowExpired: boolean }) => Promise<Principal>;

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S{16,128})$/i.exec(h);
  return m ? m[1]! : null;
}

/** Every /v1 route needs a session unless it declares `auth: 'public'`. */
export function installAuth(app: FastifyInstance, resolve: PrincipalResolver): void {
  app.decorateRequest('principal', null);
  // onRequest: who is calling is settled before the body is even read, so a stranger's bad body
  // gets 4010, not a validation report.
  app.addHook('onRequest', async (req) => {
    // An unknown path answers 4040 whoever asks: there is nothing to protect.
    if (req.is404) return;
    const rule = req.routeOptions.config?.auth ?? (req.url.startsWith('/v1/') ? {} : 'public');
    if (rule === 'public') return;
    const token = bearer(req);
    if (!token) throw new AppError(ErrorCode.NotSignedIn);
    const principal = await resolve(token, { allowExpired: rule.allowExpired ?? false });
    // Known before the role checks, so the audit log names who was refused (no handler runs after).
    req.principal = principal;
    if (rule.accountRoles && !rule.accountRoles.includes(principal.role)) {
      throw new AppError(rule.denyCode ?? ErrorCode.NoAccessRights);
    }
    if (rule.roles && !routeAllowed(rule.roles, principal.roles)) {
      throw new AppError(rule.denyCode ?? ErrorCode.NoAccessRights);
    }
  });
}

/** The caller of a route that declared a non-public auth rule. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError(ErrorCode.NotSignedIn);
  return req.principal;
}
