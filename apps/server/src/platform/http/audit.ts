/**
 * What a state-changing route tells the audit log (domains/log, spec §3 Log): its log code and the
 * object it acted on. A route declares it in its config (`config: { auth, audit: { code: 27 } }`);
 * `audit: false` marks a state-changing call that is deliberately not logged (a read sent as POST).
 * The log domain's hook writes the entry once the call has been answered, with its outcome.
 */
import type { FastifyRequest } from 'fastify';

export interface AuditRule {
  /** A log code of spec §3 (contract `LOG_CODE_RANGES` gives its module). */
  code: number;
  /** The object acted on (an id or a name), read from the answered request; none when absent. */
  object?: (req: FastifyRequest) => string | null | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRule | false;
  }
}
