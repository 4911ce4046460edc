/**
 * The live socket's constants (GET /v1/ws): kept apart from the message schemas in live.ts so a
 * browser that opens the socket does not load zod for them.
 */
import { ErrorCode } from '../errors.ts';

export const LIVE_PATH = '/v1/ws';
/**
 * The sub-protocol a client offers and the server answers with. Offering protocols without it is
 * refused before the upgrade (4006): the server never answers with the token protocol, which
 * would echo a secret.
 */
export const LIVE_PROTOCOL = 'live';
/** A client that cannot send the Token cookie offers `token.<token>` beside `live`, or `?token=`. */
export const LIVE_TOKEN_PROTOCOL_PREFIX = 'token.';

/**
 * Close codes of the live socket. The session ones are the catalogue's codes (spec §8), so a client
 * treats them as it treats the same code in an HTTP reply.
 */
export const LIVE_CLOSE = {
  /** No session, a bad token, or the session ended (sign-out, time-out). */
  NotSignedIn: ErrorCode.NotSignedIn,
  /** The account signed in elsewhere (spec §2 "kick-out"). */
  LoggedInElsewhere: ErrorCode.LoggedInElsewhere,
  /** The account or its tenant was disabled or blocked. */
  NoAccessRights: ErrorCode.NoAccessRights,
  /** The session already has as many live sockets as it may (one a tab); try again later. */
  TooManySockets: 4029,
  /** The server is going away (restart); reconnect. */
  GoingAway: 1001,
} as const;
