import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorText, httpStatusFor, LANGS, type Lang } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';

/**
 * Every class of error that Fastify, its content-type parsers or @fastify/multipart raise before a
 * handler runs, sent as real requests: each must leave as `{ code: <number>, message: <localized> }`
 * from the catalogue, with the catalogue's status, and never echo the input.
 */
let h: Harness;
let token: string;
let port: number;

beforeAll(async () => {
  h = await startHarness({ bodyLimit: 4096 });
  await seedTenant(h, 'fwerr');
  token = (await login(h, 'fwerrown')).body.Token;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await h.close();
});

const LONG_ID = 'q'.repeat(2000);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x11, 0x11, 0x11]);

interface Case {
  name: string;
  code: number;
  /** What must not come back (the input, or a piece of it). */
  echo?: string;
  request: {
    method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
    url: string;
    headers?: Record<string, string>;
    payload?: string | Buffer;
  };
}

const multipart = (head: string, body: Buffer | string) => ({
  method: 'POST' as const,
  url: '/v1/dashboard/uploadLogo',
  headers: { ...bearer('TOKEN'), 'content-type': head },
  payload: body,
});

const cases: Case[] = [
  ...['/v1/user/disabled', '/v1/tenant/disabled', '/v1/message/disabled'].map((base) => ({
    name: `a 2,000-character path parameter (${base})`,
    code: ErrorCode.UrlTooLong,
    echo: 'qqqqqqqqqq',
    request: { method: 'DELETE' as const, url: `${base}/${LONG_ID}`, headers: bearer('TOKEN') },
  })),
  {
    name: 'a bad %-encoding in a path parameter',
    code: ErrorCode.MalformedUrl,
    echo: '%E0%A4%A',
    request: { method: 'DELETE', url: '/v1/user/disabled/%E0%A4%A', headers: bearer('TOKEN') },
  },
  {
    name: 'a body that is not JSON',
    code: ErrorCode.MalformedJson,
    echo: 'zz-not-json',
    request: {
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"Username": zz-not-json',
    },
  },
  {
    name: 'an empty JSON body',
    code: ErrorCode.MalformedJson,
    request: {
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    },
  },
  {
    name: 'an unsupported content type',
    code: ErrorCode.UnsupportedMedia,
    echo: 'x-zz-unknown',
    request: {
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/x-zz-unknown' },
      payload: 'a=b',
    },
  },
  {
    name: 'a multipart body where none is taken',
    code: ErrorCode.UnsupportedMedia,
    request: {
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz--\r\n',
    },
  },
  {
    name: 'a body over the limit',
    code: ErrorCode.BodyTooLarge,
    request: {
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Username: 'z'.repeat(8000), Password: 'x' }),
    },
  },
  {
    name: 'an unknown API path',
    code: ErrorCode.NotFound,
    echo: 'zz-nowhere',
    request: { url: '/v1/zz-nowhere/at-all' },
  },
  {
    name: 'a multipart upload without a boundary',
    code: ErrorCode.MalformedMultipart,
    request: multipart('multipart/form-data', Buffer.concat([Buffer.from('--x\r\n'), JPEG_START])),
  },
  {
    name: 'a multipart upload whose part is cut short',
    code: ErrorCode.MalformedMultipart,
    request: multipart(
      'multipart/form-data; boundary=zzcut',
      Buffer.concat([
        Buffer.from(
          '--zzcut\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
        ),
        JPEG_START,
      ]),
    ),
  },
  {
    name: 'a body whose length differs from its Content-Length',
    code: ErrorCode.ContentLengthMismatch,
    request: {
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/json', 'content-length': '500' },
      payload: '{"Username":"a"}',
    },
  },
  {
    name: 'a multipart field named __proto__',
    code: ErrorCode.MalformedMultipart,
    request: multipart(
      'multipart/form-data; boundary=zzproto',
      '--zzproto\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--zzproto--\r\n',
    ),
  },
];

function expectCoded(status: number, body: string, code: number, lang: Lang, echo?: string) {
  expect(status).toBe(httpStatusFor(code));
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(json).toEqual({ code, message: errorText(code, lang) });
  expect(body).not.toMatch(/FST_|statusCode|"error"/);
  if (echo) expect(body).not.toContain(echo);
}

describe.each(LANGS)('framework errors in %s', (lang) => {
  it.each(cases)('$name', async ({ code, echo, request }) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([k, v]) => [k, v.replace('TOKEN', token)]),
    );
    const res = await h.app.inject({
      method: request.method ?? 'GET',
      url: request.url,
      headers: { ...headers, cookie: `language=${lang}` },
      payload: request.payload,
    });
    expectCoded(res.statusCode, res.body, code, lang, echo);
  });

  it('a body cut short before its Content-Length', async () => {
    const res = await raw(
      'POST /v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Cookie: language=${lang}\r\nContent-Length: 500\r\nConnection: close\r\n\r\n{"Username":"a"}`,
      { endAfterWrite: true },
    );
    expectCoded(res.status, res.body, ErrorCode.MalformedRequest, lang);
  });

  it('a request the HTTP parser refuses', async () => {
    const res = await raw(
      `GET /v1/user/getCurrentUser HTTP/1.1\r\nCookie: language=${lang}\r\nBad Header\r\n\r\n`,
    );
    expectCoded(res.status, res.body, ErrorCode.MalformedRequest, lang);
  });

  it('request headers over the size limit', async () => {
    const res = await raw(
      `GET /v1/user/getCurrentUser HTTP/1.1\r\nHost: x\r\nCookie: language=${lang}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expectCoded(res.status, res.body, ErrorCode.HeadersTooLarge, lang, 'bbbbbbbbbb');
  });
});

/** One raw HTTP exchange on a real connection, for what a well-formed client cannot send. */
function raw(
  text: string,
  opts: { endAfterWrite?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = all.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, body: rest.join('\r\n\r\n') });
    });
    socket.write(text, () => {
      // The short body is only short once the sender says it is done.
      if (opts.endAfterWrite) socket.end();
    });
  });
}

describe('a request arriving while the server shuts down', () => {
  it('is answered 503 with 5031 in the caller’s language', async () => {
    let answer: { status: number; body: unknown } | undefined;
    let url = '';
    const own = await startHarness({}, (app) => {
      // Fastify runs the preClose hooks before it stops accepting connections: a request sent
      // from one arrives at a server that is shutting down.
      app.addHook('preClose', async () => {
        const res = await fetch(`${url}/v1/user/getCurrentUser`, { headers: { cookie: 'language=zh' } });
        answer = { status: res.status, body: await res.json() };
      });
    });
    url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    await own.close();
    expect(answer).toEqual({
      status: 503,
      body: { code: ErrorCode.ShuttingDown, message: errorText(ErrorCode.ShuttingDown, 'zh') },
    });
  });
});
