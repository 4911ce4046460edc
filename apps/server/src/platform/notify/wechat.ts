/**
 * WeChat official-account template messages (公众号模板消息): an access token from
 * `GET /cgi-bin/token?grant_type=client_credential&appid=…&secret=…`, kept until shortly before it
 * expires, and `POST /cgi-bin/message/template/send?access_token=…` with touser (the follower's
 * openid), template_id and data. A token the platform no longer accepts (errcode 40001 invalid,
 * 40014 malformed, 42001 expired — another server with the same AppID may have fetched a new one)
 * is fetched again once and the message sent again. wechat-standin.ts speaks the same protocol.
 */
import type { WeChatConfig } from '../config.ts';
import { networkFailure, SendFailure } from './send-failure.ts';

const TIMEOUT_MS = 10_000;
/** Fetch a new token this long before the old one expires (clocks and queues differ). */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** errcodes meaning "this access token is not (or no longer) valid". */
export const WECHAT_TOKEN_ERRORS: readonly number[] = [40001, 40014, 42001];
/** errcodes worth a later attempt: -1 system busy, 45009 daily API quota reached. */
const WECHAT_TRANSIENT: readonly number[] = [-1, 45009];

export interface WeChatTemplateMessage {
  openid: string;
  /** Values of the template's fields, e.g. { first, keyword1, keyword2, keyword3, remark }. */
  data: Record<string, string>;
  /** Opened when the follower taps the message. */
  url?: string;
}

interface WeChatReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  msgid?: number;
}

export class WeChatTemplateSender {
  readonly kind = 'wechat';
  private token: { value: string; expiresAt: number } | null = null;
  private fetching: Promise<string> | null = null;
  /** Tokens fetched since the start (tests read it: a cached token is not fetched again). */
  tokensFetched = 0;

  constructor(private readonly cfg: WeChatConfig) {}

  /** Sends one template message; resolves to WeChat's msgid. */
  async send(msg: WeChatTemplateMessage): Promise<string> {
    let reply = await this.post(await this.accessToken(), msg);
    if (WECHAT_TOKEN_ERRORS.includes(reply.errcode ?? 0)) {
      this.token = null;
      reply = await this.post(await this.accessToken(), msg);
    }
    const code = reply.errcode ?? -1;
    if (code !== 0) {
      throw new SendFailure(
        String(code),
        reply.errmsg ?? 'unreadable reply',
        WECHAT_TRANSIENT.includes(code),
      );
    }
    return String(reply.msgid ?? '');
  }

  /** The cached token while it is valid; one request for a new one however many sends wait for it. */
  private async accessToken(): Promise<string> {
    // The provider's expiry is in its own time: wall time, never a test clock.
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.fetching ??= this.fetchToken().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  private async fetchToken(): Promise<string> {
    const url = new URL('/cgi-bin/token', this.cfg.apiUrl);
    url.searchParams.set('grant_type', 'client_credential');
    url.searchParams.set('appid', this.cfg.appId);
    url.searchParams.set('secret', this.cfg.appSecret);
    const reply = await this.call(url, { method: 'GET' });
    if (!reply.access_token) {
      const code = reply.errcode ?? -1;
      throw new SendFailure(String(code), reply.errmsg ?? 'no access token', WECHAT_TRANSIENT.includes(code));
    }
    this.tokensFetched++;
    const lifetime = Math.max(60_000, (reply.expires_in ?? 7200) * 1000 - EXPIRY_MARGIN_MS);
    this.token = { value: reply.access_token, expiresAt: Date.now() + lifetime };
    return reply.access_token;
  }

  private post(token: string, msg: WeChatTemplateMessage): Promise<WeChatReply> {
    const url = new URL('/cgi-bin/message/template/send', this.cfg.apiUrl);
    url.searchParams.set('access_token', token);
    const data = Object.fromEntries(Object.entries(msg.data).map(([k, value]) => [k, { value }]));
    const body = { touser: msg.openid, template_id: this.cfg.templateId, url: msg.url, data };
    return this.call(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private async call(url: URL, init: RequestInit): Promise<WeChatReply> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw networkFailure(err);
    }
    const reply = (await res.json().catch(() => null)) as WeChatReply | null;
    if (!reply) throw new SendFailure(`HTTP ${res.status}`, 'unreadable reply', res.status >= 500);
    return reply;
  }
}
