/**
 * A local stand-in for Alibaba Cloud Dysms SendSms: a small HTTP server that checks each request
 * as the provider's gateway does (key, timestamp window, nonce reuse, HMAC-SHA1 signature, then
 * the sign name, template and numbers) and records the messages it accepts. Tests use it; in
 * development run it with `npx tsx apps/server/src/platform/notify/sms-standin.ts` and point
 * SMS_URL at it (see docs/configuration-notify.md).
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { DYSMS_VERSION, rpcSignature, stringToSign } from './aliyun-sms.ts';

export interface SmsStandInOptions {
  keyId: string;
  keySecret: string;
  /** Sign names registered with the account; any is accepted when absent. */
  signs?: string[];
  /** Template codes registered with the account; any is accepted when absent. */
  templates?: string[];
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Called with each accepted message (the command line prints it). */
  onMessage?: (sms: StandInSms) => void;
}

export interface StandInSms {
  phone: string;
  sign: string;
  template: string;
  params: Record<string, string>;
  bizId: string;
  receivedAt: number;
}

export interface SmsStandIn {
  /** The endpoint base to use as SMS_URL. */
  url: string;
  messages: StandInSms[];
  /** Requests refused, by the provider code of the refusal (for tests). */
  refusals: string[];
  close(): Promise<void>;
}

/** The gateway refuses timestamps more than 15 minutes away from its own clock. */
const TIMESTAMP_WINDOW_MS = 15 * 60_000;
const COMMON = [
  'AccessKeyId',
  'Action',
  'Signature',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'Timestamp',
  'Version',
];
const PHONE_RE = /^(?:(?:\+|00)?86)?1[3-9]\d{9}$/;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) reject(new Refusal(413, 'RequestTooLarge', 'The request is too large.'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startSmsStandIn(opts: SmsStandInOptions): Promise<SmsStandIn> {
  const messages: StandInSms[] = [];
  const refusals: string[] = [];
  const nonces = new Map<string, number>();

  async function handle(req: http.IncomingMessage): Promise<Record<string, string>> {
    const url = new URL(req.url ?? '/', 'http://standin');
    if (url.pathname !== '/' || (req.method !== 'GET' && req.method !== 'POST')) {
      throw new Refusal(
        404,
        'InvalidApi.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    }
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      const type = req.headers['content-type'] ?? '';
      const body = await readBody(req);
      if (type.startsWith('application/x-www-form-urlencoded')) {
        Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
      }
    }
    for (const name of COMMON) {
      if (!params[name]) throw new Refusal(400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    if (params.AccessKeyId !== opts.keyId) {
      throw new Refusal(400, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      throw new Refusal(
        400,
        'IncompleteSignature',
        'The request signature does not conform to Aliyun standards.',
      );
    }
    const stamp = params.Timestamp!;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(stamp) || Number.isNaN(Date.parse(stamp))) {
      throw new Refusal(
        400,
        'InvalidTimeStamp.Format',
        'Specified time stamp or date value is not well formatted.',
      );
    }
    const now = Date.now();
    if (Math.abs(now - Date.parse(stamp)) > TIMESTAMP_WINDOW_MS) {
      throw new Refusal(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    const { Signature: given, ...signed } = params;
    const expected = rpcSignature(req.method, signed, opts.keySecret);
    if (!sameText(given!, expected)) {
      throw new Refusal(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${stringToSign(req.method, signed)}`,
      );
    }
    for (const [n, at] of nonces) if (now - at > TIMESTAMP_WINDOW_MS * 2) nonces.delete(n);
    if (nonces.has(params.SignatureNonce!)) {
      throw new Refusal(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    nonces.set(params.SignatureNonce!, now);
    if (params.Action !== 'SendSms' || params.Version !== DYSMS_VERSION) {
      throw new Refusal(
        404,
        'InvalidApi.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    }
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
      if (!params[name]) throw new Refusal(400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    // Business refusals come back with HTTP 200 and their own Code, as the real service does.
    const phones = params.PhoneNumbers!.split(',');
    if (phones.some((p) => !PHONE_RE.test(p))) {
      throw new Refusal(200, 'isv.MOBILE_NUMBER_ILLEGAL', 'invalid mobile number');
    }
    if (opts.signs && !opts.signs.includes(params.SignName!)) {
      throw new Refusal(200, 'isv.SMS_SIGNATURE_ILLEGAL', 'The SMS signature is not registered.');
    }
    if (opts.templates && !opts.templates.includes(params.TemplateCode!)) {
      throw new Refusal(200, 'isv.SMS_TEMPLATE_ILLEGAL', 'The SMS template is not registered.');
    }
    let templateParams: Record<string, string> = {};
    if (params.TemplateParam) {
      try {
        const parsed: unknown = JSON.parse(params.TemplateParam);
        if (
          !parsed ||
          typeof parsed !== 'object' ||
          Object.values(parsed).some((v) => typeof v !== 'string')
        ) {
          throw new Error('not an object of strings');
        }
        templateParams = parsed as Record<string, string>;
      } catch {
        throw new Refusal(
          200,
          'isv.INVALID_JSON_PARAM',
          'JSON parameter is invalid; only string values are accepted.',
        );
      }
    }
    const bizId = `${Date.now()}^0`;
    for (const phone of phones) {
      const sms = {
        phone,
        sign: params.SignName!,
        template: params.TemplateCode!,
        params: templateParams,
        bizId,
        receivedAt: now,
      };
      messages.push(sms);
      opts.onMessage?.(sms);
    }
    return { BizId: bizId };
  }

  const server = http.createServer((req, res) => {
    const requestId = randomUUID().toUpperCase();
    const reply = (status: number, body: Record<string, string>) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: requestId, ...body }));
    };
    handle(req).then(
      (extra) => reply(200, { Message: 'OK', Code: 'OK', ...extra }),
      (err: unknown) => {
        const r =
          err instanceof Refusal
            ? err
            : new Refusal(500, 'InternalError', 'The request processing has failed.');
        refusals.push(r.code);
        const gateway: Record<string, string> =
          r.status === 200 ? {} : { HostId: req.headers.host ?? 'standin', Recommend: '' };
        reply(r.status, { Code: r.code, Message: r.message, ...gateway });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/`,
    messages,
    refusals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// Run directly: a stand-in for development, printing what it would have sent.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const standIn = await startSmsStandIn({
    keyId: env.SMS_KEY_ID ?? 'standin-key',
    keySecret: env.SMS_KEY_SECRET ?? 'standin-secret',
    host: env.SMS_STANDIN_HOST ?? '127.0.0.1',
    port: Number(env.SMS_STANDIN_PORT ?? 8787),
    onMessage: (m) => console.log(`SMS to ${m.phone} [${m.sign}/${m.template}] ${JSON.stringify(m.params)}`),
  });
  console.log(`SMS stand-in listening at ${standIn.url}`);
}
