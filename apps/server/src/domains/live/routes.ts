import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorCode,
  LIVE_CLOSE,
  LIVE_PATH,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  errorText,
} from '@netconsole/contract';
import type { PrincipalResolver } from '../../platform/auth/guard.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import { closeCodeOf, closeReason, type LiveSockets } from './sockets.ts';

/** The cookie the console keeps its token in (spec §3 "User session"). */
const TOKEN_COOKIE = 'Token';
/** Calls that change nothing cannot end a session; every other may (sign-out, sign-in, blocking). */
const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

const liveQuery = z.object({
  /** For a client that can send neither the cookie nor a sub-protocol. */
  token: z.string().max(256).optional(),
  language: z.enum(['en', 'zh']).optional(),
});

/**
 * The sub-protocol answered on the shared WebSocket server: `live` on /v1/ws, MQTT's on every
 * other path (the embedded broker's /mqtt, protocol §2.1), none when none fits.
 */
export function chooseProtocol(offered: Set<string>, request: IncomingMessage): string | false {
  if ((request.url ?? '').split('?')[0] === LIVE_PATH) {
    return offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false;
  }
  return offered.has('mqtt') ? 'mqtt' : offered.has('mqttv3.1') ? 'mqttv3.1' : false;
}

/** The sub-protocols a handshake offers (none: an empty list). */
function offeredProtocols(req: FastifyRequest): string[] {
  return (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The session token: a `token.<token>` sub-protocol, else `?token=`, else the Token cookie. */
function tokenOf(req: FastifyRequest): string | null {
  const offered = offeredProtocols(req);
  const viaProtocol = offered.find((p) => p.startsWith(LIVE_TOKEN_PROTOCOL_PREFIX));
  if (viaProtocol) return viaProtocol.slice(LIVE_TOKEN_PROTOCOL_PREFIX.length) || null;
  const query = req.query as z.infer<typeof liveQuery>;
  return query.token || req.cookies[TOKEN_COOKIE] || null;
}

export function liveRoutes(app: App, sockets: LiveSockets, resolve: PrincipalResolver): void {
  app.addHook('onResponse', async (req) => {
    if (!READING.has(req.method) && sockets.size > 0) void sockets.check();
  });

  app.route({
    method: 'GET',
    url: LIVE_PATH,
    schema: {
      tags: ['live'],
      summary:
        'Live console: a WebSocket of {topic, data} messages for the session’s tenant (device, client, command). ' +
        'Offer the sub-protocol `live` (answered `live`), with `token.<token>` beside it when no Token cookie can be sent.',
      querystring: liveQuery,
      response: replies({}),
    },
    // The socket authenticates itself, so that a refusal is a close code the browser can read.
    config: { auth: 'public' },
    /**
     * A handshake offering protocols must offer `live`: answering with none makes every client drop
     * the socket ("Server sent no subprotocol"), and answering with `token.<token>` would echo the
     * secret. Refused before the upgrade, so the client at least gets a coded reply saying why.
     */
    onRequest: async (req, reply) => {
      const offered = offeredProtocols(req);
      if (offered.length === 0 || offered.includes(LIVE_PROTOCOL)) return;
      const code = ErrorCode.LiveProtocolRequired;
      return reply.status(400).send({ code, message: errorText(code, requestLang(req)) });
    },
    // A plain GET (no upgrade) is a mistake of the caller's.
    handler: async (req, reply) => {
      reply.status(400);
      return {
        code: ErrorCode.ValidationFailed,
        message: errorText(ErrorCode.ValidationFailed, requestLang(req), {
          detail: 'a WebSocket upgrade is expected',
        }),
      };
    },
    wsHandler: async (socket, req) => {
      const lang = requestLang(req);
      const token = tokenOf(req);
      if (!token) {
        socket.close(LIVE_CLOSE.NotSignedIn, closeReason(LIVE_CLOSE.NotSignedIn, lang));
        return;
      }
      let principal;
      try {
        principal = await resolve(token, { allowExpired: false });
      } catch (err) {
        if (!isAppError(err)) {
          req.log.error({ err }, 'live socket: session lookup failed');
          socket.close(1011, 'server error');
          return;
        }
        const code = closeCodeOf(err.code);
        socket.close(code, closeReason(code, lang));
        return;
      }
      // The peer may have gone while the session was looked up.
      if (socket.readyState !== socket.OPEN) return;
      sockets.open(socket, principal, lang);
    },
  });
}
