/**
 * A local stand-in for the WeChat official-account API: `GET /cgi-bin/token` (checks grant_type,
 * appid and secret; hands out tokens valid for 7200 s) and `POST /cgi-bin/message/template/send`
 * (checks the token — unknown 40001, expired 42001 —, the JSON, the template id, the openid and
 * the data's `{ value }` fields) with WeChat's errcodes, and records the messages it accepts.
 * Tests use it; in development run `npx tsx apps/server/src/platform/notify/wechat-standin.ts` and
 * point WECHAT_API_URL at it (docs/notifications.md).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { listen, readText, sendJson } from './standin-http.ts';

export interface WeChatStandInOptions {
  appId: string;
  appSecret: string;
  templateId: string;
  /** The official account's followers; any well-formed openid is accepted when absent. */
  openids?: string[];
  host?: string;
  port?: number;
  onMessage?: (m: StandInTemplateMessage) => void;
}

export interface StandInTemplateMessage {
  openid: string;
  templateId: string;
  url: string | null;
  data: Record<string, string>;
  msgid: number;
}

export interface WeChatStandIn {
  /** Use as WECHAT_API_URL. */
  url: string;
  messages: StandInTemplateMessage[];
  /** errcodes of refused requests, in order. */
  refusals: number[];
  tokensIssued: number;
  /** Makes every token handed out so far expired (the next send gets 42001). */
  expireTokens(): void;
  /** The next `n` sends answer errcode -1 (system busy). */
  failNext(n: number): void;
  close(): Promise<void>;
}

const OPENID_RE = /^[A-Za-z0-9_-]{16,64}$/;
const TOKEN_LIFETIME_S = 7200;

export async function startWeChatStandIn(opts: WeChatStandInOptions): Promise<WeChatStandIn> {
  const messages: StandInTemplateMessage[] = [];
  const refusals: number[] = [];
  const tokens = new Map<string, { expired: boolean }>();
  let tokensIssued = 0;
  let busy = 0;
  let msgid = 2_000_000_000;

  const refuse = (errcode: number, errmsg: string) => {
    refusals.push(errcode);
    return { errcode, errmsg };
  };

  function token(q: URLSearchParams) {
    if (q.get('grant_type') !== 'client_credential') return refuse(40002, 'invalid grant_type');
    if (q.get('appid') !== opts.appId) return refuse(40013, 'invalid appid');
    if (q.get('secret') !== opts.appSecret) return refuse(40125, 'invalid appsecret');
    const value = randomBytes(48).toString('base64url');
    tokens.set(value, { expired: false });
    tokensIssued++;
    return { access_token: value, expires_in: TOKEN_LIFETIME_S };
  }

  function send(q: URLSearchParams, text: string | null) {
    const t = tokens.get(q.get('access_token') ?? '');
    if (!t) return refuse(40001, 'invalid credential, access_token is invalid or not latest');
    if (t.expired) return refuse(42001, 'access_token expired');
    if (busy > 0) {
      busy--;
      return refuse(-1, 'system error');
    }
    let body: { touser?: unknown; template_id?: unknown; url?: unknown; data?: unknown };
    try {
      body = JSON.parse(text ?? '') as typeof body;
    } catch {
      return refuse(47001, 'data format error');
    }
    if (typeof body.touser !== 'string' || !OPENID_RE.test(body.touser))
      return refuse(40003, 'invalid openid');
    if (opts.openids && !opts.openids.includes(body.touser)) return refuse(43004, 'require subscribe');
    if (body.template_id !== opts.templateId) return refuse(40037, 'invalid template_id');
    const data: Record<string, string> = {};
    if (!body.data || typeof body.data !== 'object') return refuse(47001, 'data format error');
    for (const [k, v] of Object.entries(body.data as Record<string, unknown>)) {
      const value = (v as { value?: unknown } | null)?.value;
      if (typeof value !== 'string') return refuse(47001, `data format error: ${k}.value`);
      data[k] = value;
    }
    const m = {
      openid: body.touser,
      templateId: body.template_id,
      url: typeof body.url === 'string' ? body.url : null,
      data,
      msgid: ++msgid,
    };
    messages.push(m);
    opts.onMessage?.(m);
    return { errcode: 0, errmsg: 'ok', msgid: m.msgid };
  }

  const server = await listen(
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://standin');
      // WeChat answers its errors with HTTP 200 and an errcode.
      if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
        sendJson(res, 200, token(url.searchParams));
      } else if (req.method === 'POST' && url.pathname === '/cgi-bin/message/template/send') {
        sendJson(res, 200, send(url.searchParams, await readText(req)));
      } else {
        sendJson(res, 404, { errcode: 48001, errmsg: 'api unauthorized' });
      }
    },
    opts.host,
    opts.port,
  );
  return {
    url: server.url,
    messages,
    refusals,
    get tokensIssued() {
      return tokensIssued;
    },
    expireTokens() {
      for (const t of tokens.values()) t.expired = true;
    },
    failNext(n) {
      busy = n;
    },
    close: server.close,
  };
}

// Run directly: a stand-in for development, printing what it would have sent.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const standIn = await startWeChatStandIn({
    appId: env.WECHAT_APP_ID ?? 'wx-standin',
    appSecret: env.WECHAT_APP_SECRET ?? 'standin-secret',
    templateId: env.WECHAT_TEMPLATE_ID ?? 'standin-template',
    host: env.WECHAT_STANDIN_HOST ?? '127.0.0.1',
    port: Number(env.WECHAT_STANDIN_PORT ?? 18401),
    onMessage: (m) => console.log(`WeChat to ${m.openid}: ${JSON.stringify(m.data)}`),
  });
  console.log(`WeChat stand-in listening at ${standIn.url}`);
}
