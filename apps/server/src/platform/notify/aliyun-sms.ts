/**
 * SMS through Alibaba Cloud Short Message Service (Dysms): the SendSms action of its RPC API,
 * version 2017-05-25, signed with signature version 1.0 (HMAC-SHA1). The signing helpers are
 * exported because sms-standin.ts checks requests with exactly the same rules.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SmsProviderConfig } from '../config.ts';
import { DeliveryError, type SmsMessage, type SmsSender } from './delivery.ts';

export const DYSMS_VERSION = '2017-05-25';
/** Dysms is served from one region; the parameter is still part of the signed request. */
const REGION = 'cn-hangzhou';
const TIMEOUT_MS = 10_000;

/** RFC 3986 encoding as Alibaba Cloud signs it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Parameters sorted by name, each name and value percent-encoded, joined with '&'. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

export function stringToSign(method: string, params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Base64(HMAC-SHA1(secret + '&', StringToSign)); `params` must not hold Signature itself. */
export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  return createHmac('sha1', `${secret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** ISO 8601 in UTC without milliseconds, e.g. 2026-11-21T08:00:00Z. */
export function rpcTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class AliyunSmsSender implements SmsSender {
  readonly kind = 'aliyun-dysms';

  constructor(private readonly cfg: SmsProviderConfig) {}

  async send(msg: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.cfg.keyId,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: REGION,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      // The provider compares with its own clock, so this is wall time, never a test clock.
      Timestamp: rpcTimestamp(Date.now()),
      Version: DYSMS_VERSION,
      PhoneNumbers: msg.phone,
      SignName: this.cfg.sign,
      TemplateCode: this.cfg.template,
      TemplateParam: JSON.stringify(msg.params),
    };
    params.Signature = rpcSignature('POST', params, this.cfg.keySecret);
    // POST keeps the phone number and code out of URLs and access logs on the way.
    let res: Response;
    try {
      res = await fetch(this.cfg.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: canonicalQuery(params),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new DeliveryError('sms', 'network', (err as Error).message);
    }
    const reply = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null;
    if (reply?.Code !== 'OK') {
      throw new DeliveryError(
        'sms',
        reply?.Code ?? `HTTP ${res.status}`,
        reply?.Message ?? 'unreadable reply',
      );
    }
  }
}
