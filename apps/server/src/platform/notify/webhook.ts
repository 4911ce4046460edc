/**
 * The webhook channel: a JSON POST signed with HMAC-SHA256 so the receiver knows it came from us
 * and was not changed or replayed. Header `X-Netconsole-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 = HMAC-SHA256(secret, `${t}.${raw body}`) — the timestamp is signed with the body, so a
 * receiver refusing old timestamps (WEBHOOK_TOLERANCE_S) also refuses replays. 2xx is delivered;
 * 408, 429, 5xx, time-outs and refused connections are worth another attempt; other statuses are
 * the receiver's refusal. Unless allowed (WEBHOOK_PRIVATE), an address resolving to a loopback,
 * private or link-local address is refused, so a tenant cannot make the server call its own network.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkFailure, SendFailure, transientStatus } from './send-failure.ts';

const TIMEOUT_MS = 10_000;

/** The header value for `body` signed at `t` (Unix seconds). */
export function webhookSignature(secret: string, body: string, t: number): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * What a receiver does: the header's timestamp within `toleranceS` of `nowS`, and one of its v1
 * values equal (in constant time) to the HMAC of `${t}.${raw body}`.
 */
export function verifyWebhookSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowS: number,
  toleranceS = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(webhookSignature(secret, rawBody, t).split('v1=')[1]!, 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}

/** Loopback, private (RFC 1918, ULA), link-local, CGNAT and unspecified addresses. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168)
    );
  }
  const low = ip.toLowerCase();
  return low === '::' || low === '::1' || /^f[cd]/.test(low) || /^fe[89ab]/.test(low);
}

export interface WebhookPost {
  url: string;
  secret: string;
  /** The JSON text sent (and signed) as it is. */
  body: string;
  /** X-Netconsole-Event, e.g. alarm.digest. */
  event: string;
  /** X-Netconsole-Delivery: the record's id, the same on every attempt (receivers drop repeats). */
  delivery: string;
  /** Unix seconds of the signature. */
  nowS: number;
  allowPrivate: boolean;
}

/** Posts one signed webhook; resolves to the HTTP status (2xx), or throws a SendFailure. */
export async function postWebhook(p: WebhookPost): Promise<number> {
  const url = new URL(p.url);
  if (!p.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
    if (addresses.length === 0) throw new SendFailure('dns', `cannot resolve ${host}`, true);
    if (addresses.some(isPrivateAddress)) {
      throw new SendFailure('private-address', `${host} is a private address`, false);
    }
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'netconsole-webhook/1',
        'x-netconsole-event': p.event,
        'x-netconsole-delivery': p.delivery,
        'x-netconsole-signature': webhookSignature(p.secret, p.body, p.nowS),
      },
      body: p.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw networkFailure(err);
  }
  await res.body?.cancel().catch(() => undefined);
  if (res.status >= 200 && res.status < 300) return res.status;
  throw new SendFailure(`HTTP ${res.status}`, res.statusText || 'refused', transientStatus(res.status));
}
