import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, LOGO_MAX_BYTES, errorText, logoReply, setLogoBody } from '@netconsole/contract';
import { principalOf, scopeOf } from '../../platform/auth/guard.ts';
import { AppError, isAppError } from '../../platform/http/app-error.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { LogoService } from './service.ts';

export function logoRoutes(app: App, logos: LogoService): void {
  app.post(
    '/v1/dashboard/uploadLogo',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'multipart/form-data with one JPEG file (at most 2 MB): upload it aside. JSON {path}: make that upload the logo.',
        // Absent for the multipart form, whose file is read in the handler.
        body: setLogoBody.nullish(),
        response: replies({ 200: logoReply }),
      },
      config: { fieldCodes: { path: ErrorCode.PictureInvalid } },
    },
    async (req) => {
      const scope = scopeOf(principalOf(req));
      if (!req.isMultipart()) {
        if (!req.body) throw new AppError(ErrorCode.ValidationFailed, { detail: 'path: required' });
        return logos.confirm(scope, req.body.path);
      }
      const { data, truncated } = await readUpload(req);
      return logos.upload(scope, data, truncated);
    },
  );

  // Not under /v1: the top bar loads the picture with a plain <img>, without a token.
  app.get(
    '/files/logos/:tenant/:name',
    {
      schema: { hide: true, params: z.object({ tenant: z.string().max(64), name: z.string().max(64) }) },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const data = await logos.read(req.params.tenant, req.params.name);
      if (!data) {
        return reply
          .status(404)
          .send({ code: ErrorCode.NotFound, message: errorText(ErrorCode.NotFound, requestLang(req)) });
      }
      // Names are never reused, so the file can be cached for good.
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}

/**
 * The form's one file. The multipart parser throws plain errors for a form the client mangled or
 * cut short ("Boundary not found", "Unexpected end of form"): that is the caller's mistake (4002),
 * not a server error.
 */
async function readUpload(req: FastifyRequest): Promise<{ data: Buffer; truncated: boolean }> {
  try {
    const part = await req.file({
      limits: { fileSize: LOGO_MAX_BYTES, files: 1 },
      throwFileSizeLimit: false,
    });
    if (!part) throw new AppError(ErrorCode.ValidationFailed, { detail: 'file: required' });
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    return { data: Buffer.concat(chunks), truncated: part.file.truncated };
  } catch (err) {
    // Coded errors (ours, and the plugin's FST_* limits) keep their own code.
    if (isAppError(err) || String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
    throw new AppError(ErrorCode.MalformedMultipart);
  }
}
