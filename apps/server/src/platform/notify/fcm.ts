/**
 * App push through Firebase Cloud Messaging, HTTP v1 API: an OAuth 2.0 access token obtained with
 * a service account's signed JWT (RFC 7523 JWT bearer grant: RS256 over { iss, scope, aud, iat,
 * exp }, posted to the account's token_uri), kept until shortly before it expires, then
 * `POST /v1/projects/{project}/messages:send` with `Authorization: Bearer …` and
 * `{ message: { token, notification: { title, body }, data } }`. A 401 fetches a new token once;
 * UNREGISTERED and INVALID_ARGUMENT are the message's own failures, 429 and 5xx are worth a later
 * attempt. fcm-standin.ts speaks the same protocol and checks the JWT with the account's public key.
 */
import { createSign } from 'node:crypto';
import type { FcmConfig } from '../config.ts';
import { networkFailure, SendFailure, transientStatus } from './send-failure.ts';

const TIMEOUT_MS = 10_000;
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const EXPIRY_MARGIN_MS = 5 * 60_000;

/** The fields of a Google service-account key file (the JSON downloaded from the console) we use. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** A JWT signed with RS256 (header.payload.signature, base64url). */
export function signJwt(claims: Record<string, unknown>, privateKey: string): string {
  const head = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(head).sign(privateKey);
  return `${head}.${b64url(signature)}`;
}

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** String values only (FCM refuses others). */
  data?: Record<string, string>;
}

interface FcmError {
  error?: { code?: number; message?: string; status?: string; details?: { errorCode?: string }[] };
}

export class FcmSender {
  readonly kind = 'fcm';
  private token: { value: string; expiresAt: number } | null = null;
  private fetching: Promise<string> | null = null;

  constructor(private readonly cfg: FcmConfig) {}

  /** Sends one push; resolves to FCM's message name (projects/…/messages/…). */
  async send(msg: PushMessage): Promise<string> {
    let res = await this.post(await this.accessToken(), msg);
    if (res.status === 401) {
      this.token = null;
      res = await this.post(await this.accessToken(), msg);
    }
    const reply = (await res.json().catch(() => null)) as ({ name?: string } & FcmError) | null;
    if (res.ok && reply?.name) return reply.name;
    const detail = reply?.error?.details?.find((d) => d.errorCode)?.errorCode;
    throw new SendFailure(
      detail ?? reply?.error?.status ?? `HTTP ${res.status}`,
      reply?.error?.message ?? 'unreadable reply',
      transientStatus(res.status),
    );
  }

  private async accessToken(): Promise<string> {
    // Google compares iat/exp with its own clock: wall time, never a test clock.
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.fetching ??= this.fetchToken().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  private async fetchToken(): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const assertion = signJwt(
      { iss: this.cfg.clientEmail, scope: FCM_SCOPE, aud: this.cfg.tokenUri, iat, exp: iat + 3600 },
      this.cfg.privateKey,
    );
    let res: Response;
    try {
      res = await fetch(this.cfg.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw networkFailure(err);
    }
    const reply = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    } | null;
    if (!res.ok || !reply?.access_token) {
      throw new SendFailure(
        reply?.error ?? `HTTP ${res.status}`,
        reply?.error_description ?? 'no access token',
        transientStatus(res.status),
      );
    }
    const lifetime = Math.max(60_000, (reply.expires_in ?? 3600) * 1000 - EXPIRY_MARGIN_MS);
    this.token = { value: reply.access_token, expiresAt: Date.now() + lifetime };
    return reply.access_token;
  }

  private async post(token: string, msg: PushMessage): Promise<Response> {
    const url = `${this.cfg.apiUrl}/v1/projects/${encodeURIComponent(this.cfg.projectId)}/messages:send`;
    const message = {
      token: msg.token,
      notification: { title: msg.title, body: msg.body },
      ...(msg.data ? { data: msg.data } : {}),
    };
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ message }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw networkFailure(err);
    }
  }
}
