import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorText, httpStatusFor, type ErrorReply, type Lang } from '@netconsole/contract';
import { AppError, isAppError } from './app-error.ts';
import { langOfCookieHeader, requestLang } from './lang.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Maps a failing input field to a more specific catalogue code than 4000 (e.g. Username → 11022). */
    fieldCodes?: Record<string, number>;
    /**
     * The code of one failing zod issue (its path and the `params` the schema gave it), or null; asked
     * before `fieldCodes`. For bodies whose rules carry their own codes (api/config.ts `configIssueCode`).
     */
    issueCode?: (issue: { path: (string | number)[]; params?: unknown }) => number | null;
  }
}

/**
 * The codes of Fastify's and its plugins' client errors, as catalogue codes. Their own texts are
 * English and some echo the input (the path of FST_ERR_MAX_PARAM_LENGTH), so none is passed on.
 */
const frameworkCodes: Record<string, number> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.BodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.UnsupportedMedia,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.ContentLengthMismatch,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.MalformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.MalformedJson,
  FST_ERR_BAD_URL: ErrorCode.MalformedUrl,
  FST_ERR_MAX_PARAM_LENGTH: ErrorCode.UrlTooLong,
  FST_ERR_NOT_FOUND: ErrorCode.NotFound,
  // @fastify/multipart
  FST_PARTS_LIMIT: ErrorCode.BodyTooLarge,
  FST_FILES_LIMIT: ErrorCode.BodyTooLarge,
  FST_FIELDS_LIMIT: ErrorCode.BodyTooLarge,
  FST_REQ_FILE_TOO_LARGE: ErrorCode.BodyTooLarge,
  FST_PROTO_VIOLATION: ErrorCode.MalformedMultipart,
  FST_MP_PREMATURE_CLOSE: ErrorCode.MalformedMultipart,
  FST_INVALID_MULTIPART_CONTENT_TYPE: ErrorCode.UnsupportedMedia,
  FST_INVALID_JSON_FIELD_ERROR: ErrorCode.MalformedJson,
};

/** Any other error a framework marks as the caller's (a 4xx status), by that status. */
const statusCodes: Record<number, number> = {
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  408: ErrorCode.RequestTimeout,
  413: ErrorCode.BodyTooLarge,
  414: ErrorCode.UrlTooLong,
  415: ErrorCode.UnsupportedMedia,
  429: ErrorCode.TooManyRequests,
  431: ErrorCode.HeadersTooLarge,
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  /** fastify-type-provider-zod: the zod issue without path, code and message (its `params` inside). */
  params?: { params?: unknown };
}

function toAppError(err: FastifyError, req: FastifyRequest): AppError | null {
  if (isAppError(err)) return err;
  const validation = (err as { validation?: unknown }).validation;
  if (Array.isArray(validation)) {
    const details = (validation as ValidationIssue[]).map((v) => ({
      path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'invalid',
    }));
    const fieldCodes = req.routeOptions?.config?.fieldCodes ?? {};
    const issueCode = req.routeOptions?.config?.issueCode;
    // The issue's path as zod gave it: keys, and array indexes as numbers.
    const pathOf = (p: string) =>
      p === '' ? [] : p.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    const own = issueCode
      ? (validation as ValidationIssue[])
          .map((v, i) => issueCode({ path: pathOf(details[i]!.path), params: v.params?.params }))
          .find((c) => c !== null)
      : undefined;
    const specific =
      own ?? details.map((d) => fieldCodes[d.path.split('.')[0] ?? '']).find((c) => c !== undefined);
    const detailText = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
    return new AppError(specific ?? ErrorCode.ValidationFailed, { detail: detailText }, details);
  }
  const byCode = err.code ? frameworkCodes[err.code] : undefined;
  if (byCode !== undefined) return new AppError(byCode);
  const status = err.statusCode ?? 0;
  if (status >= 400 && status < 500) return new AppError(statusCodes[status] ?? ErrorCode.MalformedRequest);
  return null;
}

function sendError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(req);
  let appErr = toAppError(err, req);
  if (!appErr) {
    // Never leak internals: log the whole error, answer with the generic code.
    if (isResponseSerializationError(err))
      req.log.error({ err, cause: err.cause }, 'reply does not match its schema');
    else req.log.error({ err }, 'unhandled error');
    appErr = new AppError(ErrorCode.Internal);
  }
  const body: ErrorReply = { code: appErr.code, message: errorText(appErr.code, lang, appErr.params) };
  if (appErr.details) body.details = appErr.details;
  return reply.status(httpStatusFor(appErr.code)).send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  // In place of Fastify's return503OnClosing (an English body of its own): a request that still
  // arrives on an open connection while the server shuts down is told to come back (5031).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!closing) return;
    const code = ErrorCode.ShuttingDown;
    return reply
      .header('connection', 'close')
      .status(httpStatusFor(code))
      .send({ code, message: errorText(code, requestLang(req)) } satisfies ErrorReply);
  });
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a path parameter over
 * maxParamLength, a bad %-encoding) reach it before any route, and would otherwise leave with
 * Fastify's English body that echoes the path.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void sendError(err, req, reply);
}

/** A request Node's HTTP parser refused (timeout, oversized headers, broken syntax), by its error. */
function clientErrorCode(err: { code?: string }): number {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ErrorCode.RequestTimeout;
  if (err.code === 'HPE_HEADER_OVERFLOW') return ErrorCode.HeadersTooLarge;
  return ErrorCode.MalformedRequest;
}

/**
 * Fastify's `clientErrorHandler` option: Fastify has no request to hand, so the language comes from
 * the `language` cookie of whatever headers Node read, if any.
 */
export function clientErrorHandler(
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    // Headers already parsed (a body cut short) sit on the parser's message; else the raw bytes.
    const parsed = (socket as { parser?: { incoming?: { headers?: { cookie?: string } } } }).parser?.incoming;
    const cookie =
      parsed?.headers?.cookie ??
      /^cookie:(.*)$/im.exec(Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '')?.[1];
    const lang: Lang = langOfCookieHeader(cookie) ?? 'en';
    const code = clientErrorCode(err);
    const status = httpStatusFor(code);
    const body = JSON.stringify({ code, message: errorText(code, lang) } satisfies ErrorReply);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
