import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorText, httpStatusFor, type ErrorReply } from '@netconsole/contract';
import { AppError, isAppError } from './app-error.ts';
import { requestLang } from './lang.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Maps a failing input field to a more specific catalogue code than 4000 (e.g. Username → 11022). */
    fieldCodes?: Record<string, number>;
  }
}

/** Fastify's own error codes, as catalogue codes. */
const fastifyCodes: Record<string, number> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.BodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.UnsupportedMedia,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.ValidationFailed,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.ValidationFailed,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.ValidationFailed,
  FST_ERR_VALIDATION: ErrorCode.ValidationFailed,
};

function toAppError(err: FastifyError, req: FastifyRequest): AppError | null {
  if (isAppError(err)) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'invalid',
    }));
    const fieldCodes = req.routeOptions.config?.fieldCodes ?? {};
    const specific = details.map((d) => fieldCodes[d.path.split('.')[0] ?? '']).find((c) => c !== undefined);
    const detailText = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
    return new AppError(specific ?? ErrorCode.ValidationFailed, { detail: detailText }, details);
  }
  if (err.code && err.code in fastifyCodes) {
    const code = fastifyCodes[err.code]!;
    return new AppError(code, { detail: err.message });
  }
  if (err.statusCode === 429) return new AppError(ErrorCode.TooManyRequests);
  return null;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
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
  });
}
