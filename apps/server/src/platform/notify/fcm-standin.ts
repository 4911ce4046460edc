/**
 * A local stand-in for Firebase Cloud Messaging HTTP v1 and Google's OAuth token endpoint:
 * `POST /token` checks the JWT bearer grant (RS256 signature with the service account's public key,
 * issuer, audience, scope, iat/exp within an hour and not expired) and hands out access tokens;
 * `POST /v1/projects/{project}/messages:send` checks the bearer token, the project, the message
 * (token, notification title and body, string data) and answers as FCM does — 401
 * UNAUTHENTICATED, 403 PERMISSION_DENIED, 400 INVALID_ARGUMENT, 404 UNREGISTERED, 503 UNAVAILABLE
 * on `failNext`. Tests use it; in development `npx tsx apps/server/src/platform/notify/fcm-standin.ts`
 * writes a service-account file for it (docs/notifications.md).
 */
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FCM_SCOPE, JWT_BEARER_GRANT, type ServiceAccount } from './fcm.ts';
import { listen, readText, sendJson } from './standin-http.ts';

export interface FcmStandInOptions {
  projectId: string;
  clientEmail: string;
  /** PEM of the service account's public key: the stand-in verifies the JWTs with it. */
  publicKey: string;
  /** Registration tokens of installed apps; any well-formed token is accepted when absent. */
  tokens?: string[];
  host?: string;
  port?: number;
  onMessage?: (m: StandInPush) => void;
}

export interface StandInPush {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  name: string;
}

export interface FcmStandIn {
  url: string;
  /** The token_uri to put in the service-account file. */
  tokenUri: string;
  messages: StandInPush[];
  /** FCM error codes or OAuth errors of refused requests. */
  refusals: string[];
  accessTokensIssued: number;
  /** Access tokens handed out so far stop being accepted (the next send gets 401). */
  revokeTokens(): void;
  /** The next `n` sends answer 503 UNAVAILABLE. */
  failNext(n: number): void;
  close(): Promise<void>;
}

const TOKEN_RE = /^[A-Za-z0-9_:.-]{20,4096}$/;

function decodeJwt(jwt: string, publicKey: string) {
  const parts = jwt.split('.');
  if (parts.length !== 3) return null;
  const [head, payload, signature] = parts as [string, string, string];
  const ok = createVerify('RSA-SHA256')
    .update(`${head}.${payload}`)
    .verify(publicKey, Buffer.from(signature, 'base64url'));
  if (!ok) return null;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'RS256') return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function startFcmStandIn(opts: FcmStandInOptions): Promise<FcmStandIn> {
  const messages: StandInPush[] = [];
  const refusals: string[] = [];
  const accessTokens = new Set<string>();
  let issued = 0;
  let busy = 0;
  let tokenUri = '';

  function oauthError(status: number, error: string, description: string) {
    refusals.push(error);
    return { status, body: { error, error_description: description } };
  }

  function grant(text: string | null) {
    const form = new URLSearchParams(text ?? '');
    if (form.get('grant_type') !== JWT_BEARER_GRANT) {
      return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type.');
    }
    const claims = decodeJwt(form.get('assertion') ?? '', opts.publicKey);
    if (!claims) return oauthError(400, 'invalid_grant', 'Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (claims.iss !== opts.clientEmail)
      return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (claims.aud !== tokenUri) return oauthError(400, 'invalid_grant', 'Invalid JWT: audience.');
    if (
      !String(claims.scope ?? '')
        .split(' ')
        .includes(FCM_SCOPE)
    ) {
      return oauthError(400, 'invalid_scope', 'Invalid OAuth scope.');
    }
    if (!(exp > now && iat <= now + 60 && exp - iat <= 3600)) {
      return oauthError(
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.',
      );
    }
    const value = `ya29.${randomBytes(32).toString('base64url')}`;
    accessTokens.add(value);
    issued++;
    return { status: 200, body: { access_token: value, expires_in: 3599, token_type: 'Bearer' } };
  }

  function fcmError(status: number, statusName: string, message: string, errorCode?: string) {
    refusals.push(errorCode ?? statusName);
    const details = errorCode
      ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }]
      : [];
    return { status, body: { error: { code: status, message, status: statusName, details } } };
  }

  function send(project: string, auth: string | undefined, text: string | null) {
    const bearer = /^Bearer (\S+)$/.exec(auth ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      return fcmError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    }
    if (project !== opts.projectId) {
      return fcmError(
        403,
        'PERMISSION_DENIED',
        'Permission denied on resource project.',
        'SENDER_ID_MISMATCH',
      );
    }
    if (busy > 0) {
      busy--;
      return fcmError(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE');
    }
    let message: { token?: unknown; notification?: { title?: unknown; body?: unknown }; data?: unknown };
    try {
      message = (JSON.parse(text ?? '') as { message?: typeof message }).message ?? {};
    } catch {
      return fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.', 'INVALID_ARGUMENT');
    }
    const { token, notification, data = {} } = message;
    if (typeof token !== 'string' || !TOKEN_RE.test(token)) {
      return fcmError(
        400,
        'INVALID_ARGUMENT',
        'The registration token is not a valid FCM registration token',
        'INVALID_ARGUMENT',
      );
    }
    if (opts.tokens && !opts.tokens.includes(token)) {
      return fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    }
    if (typeof notification?.title !== 'string' || typeof notification.body !== 'string') {
      return fcmError(
        400,
        'INVALID_ARGUMENT',
        'notification.title and body must be strings',
        'INVALID_ARGUMENT',
      );
    }
    if (typeof data !== 'object' || data === null || Object.values(data).some((v) => typeof v !== 'string')) {
      return fcmError(400, 'INVALID_ARGUMENT', 'data values must be strings', 'INVALID_ARGUMENT');
    }
    const name = `projects/${project}/messages/${messages.length + 1}`;
    const push = {
      token,
      title: notification.title,
      body: notification.body,
      data: data as Record<string, string>,
      name,
    };
    messages.push(push);
    opts.onMessage?.(push);
    return { status: 200, body: { name } };
  }

  const server = await listen(
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/token') {
        const r = grant(await readText(req));
        sendJson(res, r.status, r.body);
      } else if (req.method === 'POST' && sendPath) {
        const r = send(decodeURIComponent(sendPath[1]!), req.headers.authorization, await readText(req));
        sendJson(res, r.status, r.body);
      } else {
        sendJson(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
      }
    },
    opts.host,
    opts.port,
  );
  tokenUri = `${server.url}/token`;
  return {
    url: server.url,
    tokenUri,
    messages,
    refusals,
    get accessTokensIssued() {
      return issued;
    },
    revokeTokens() {
      accessTokens.clear();
    },
    failNext(n) {
      busy = n;
    },
    close: server.close,
  };
}

/** A key pair and the service-account file content for a stand-in (tests, development). */
export function standInServiceAccount(projectId: string, tokenUri: string) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account: ServiceAccount = {
    project_id: projectId,
    client_email: `push@${projectId}.iam.gserviceaccount.com`,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: tokenUri,
  };
  return { account, publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

// Run directly: a stand-in for development; writes the service-account file FCM_CREDENTIALS names.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const host = env.FCM_STANDIN_HOST ?? '127.0.0.1';
  const port = Number(env.FCM_STANDIN_PORT ?? 18402);
  const projectId = 'netconsole-standin';
  const { account, publicKey } = standInServiceAccount(projectId, `http://${host}:${port}/token`);
  const standIn = await startFcmStandIn({
    projectId,
    clientEmail: account.client_email,
    publicKey,
    host,
    port,
    onMessage: (m) => console.log(`Push to ${m.token.slice(0, 12)}…: ${m.title} — ${m.body}`),
  });
  const file = env.FCM_CREDENTIALS ?? 'fcm-standin-account.json';
  fs.writeFileSync(file, JSON.stringify(account, null, 2), { mode: 0o600 });
  console.log(
    `FCM stand-in at ${standIn.url}; service account written to ${file}; set FCM_API_URL=${standIn.url}`,
  );
}
