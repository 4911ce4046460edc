/**
 * The webhook channel: a JSON POST signed with HMAC-SHA256 so the receiver knows it came from us
 * and was not changed or replayed. Header `X-Netconsole-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 = HMAC-SHA256(secret, `${t}.${raw body}`) — the timestamp is signed with the body, so a
 * receiver refusing old timestamps (WEBHOOK_TOLERANCE_S) also refuses replays. 2xx is delivered;
 * 408, 429, 5xx, time-outs and refused connections are worth another attempt; other statuses are
 * the receiver's refusal. Unless allowed (WEBHOOK_PRIVATE), an address resolving to a loopback,
 * private or link-local address is refused, so a tenant cannot make the server call its own network.
 * The check sits in the connection's own name lookup: the address checked is the address connected
 * to, so a name that answers a public address first and a private one next (DNS rebinding) gains
 * nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
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
  /** The resolver (node:dns `lookup`); tests give their own names. */
  resolve?: typeof dnsLookup;
}

/** Refused by the guarded lookup: the name resolved to a private address. */
class PrivateAddressError extends Error {}

/**
 * A connection's name lookup that resolves every address of the name and, unless private addresses
 * are allowed, refuses the connection when one is private; the connection then goes to exactly the
 * addresses checked.
 */
function guardedLookup(resolve: typeof dnsLookup, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (found.length === 0) return callback(new Error(`cannot resolve ${hostname}`), '', 0);
      if (!allowPrivate && found.some((a) => isPrivateAddress(a.address))) {
        return callback(new PrivateAddressError(`${hostname} is a private address`), '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, found);
      callback(null, found[0]!.address, found[0]!.family);
    });
  };
}

/** Posts one signed webhook; resolves to the HTTP status (2xx), or throws a SendFailure. */
export async function postWebhook(p: WebhookPost): Promise<number> {
  const url = new URL(p.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written as such is never looked up: check it here.
  if (!p.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    throw new SendFailure('private-address', `${host} is a private address`, false);
  }
  let status: number;
  let statusText: string;
  try {
    ({ status, statusText } = await new Promise<{ status: number; statusText: string }>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(p.body),
            'user-agent': 'netconsole-webhook/1',
            'x-netconsole-event': p.event,
            'x-netconsole-delivery': p.delivery,
            'x-netconsole-signature': webhookSignature(p.secret, p.body, p.nowS),
          },
          lookup: guardedLookup(p.resolve ?? dnsLookup, p.allowPrivate),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        },
        (res) => {
          // Redirects are not followed: a 3xx is the receiver's answer.
          res.resume();
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '' });
        },
      );
      req.on('error', reject);
      req.end(p.body);
    }));
  } catch (err) {
    if (err instanceof PrivateAddressError) throw new SendFailure('private-address', err.message, false);
    if ((err as { code?: string }).code === 'ENOTFOUND') {
      throw new SendFailure('dns', `cannot resolve ${host}`, true);
    }
    throw networkFailure(err);
  }
  if (status >= 200 && status < 300) return status;
  throw new SendFailure(`HTTP ${status}`, statusText || 'refused', transientStatus(status));
}
