import type { FastifyRequest } from 'fastify';
import type { Lang } from '@netconsole/contract';

function pick(v: unknown): Lang | undefined {
  return v === 'zh' || v === 'en' ? v : undefined;
}

/** The `language` cookie of a raw Cookie header, for replies given before the cookie plugin ran. */
export function langOfCookieHeader(header: string | undefined): Lang | undefined {
  return pick(/(?:^|;)\s*language=([^;\s]*)/.exec(header ?? '')?.[1]);
}

/**
 * The caller's language (spec §1): a `language` field in the body or query, else the `language`
 * cookie the console keeps, else English.
 */
export function requestLang(req: FastifyRequest): Lang {
  const body = req.body as { language?: unknown } | undefined;
  const query = req.query as { language?: unknown } | undefined;
  return (
    pick(body && typeof body === 'object' ? body.language : undefined) ??
    pick(query?.language) ??
    pick(req.cookies?.language) ??
    // The router's own refusals (frameworkErrors) come before the cookie plugin parsed anything.
    langOfCookieHeader(req.headers.cookie) ??
    'en'
  );
}
