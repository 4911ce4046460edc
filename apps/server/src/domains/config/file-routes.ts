/**
 * Configuration files over HTTP: the console uploads one (`POST /v1/config/upload`, multipart), a
 * device downloads it through the pre-signed URL `apply_config` carries (`GET /v1/issued/file/…`).
 * docs/configuration.md, "Configuration files".
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONFIG_FILE_MAX_BYTES, ErrorCode, configFileUploadReply } from '@netconsole/contract';
import { principalOf, scopeOf } from '../../platform/auth/guard.ts';
import { AppError, isAppError } from '../../platform/http/app-error.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ConfigFiles } from './files.ts';

export function configFileRoutes(app: App, files: ConfigFiles): void {
  app.post(
    '/v1/config/upload',
    {
      schema: {
        tags: ['config'],
        summary:
          'multipart/form-data with one configuration file (.tar, .tar.gz, .tgz, .cfg, .txt, .json; at most 16 MiB): stored for the tenant, answered with its Path, MD5 and size as the server measured them',
        response: replies({ 200: configFileUploadReply }),
      },
      // Every signed-in user may build profiles (routes.tsv names no role for /deviceconf).
      config: { auth: {} },
    },
    async (req) => {
      const scope = scopeOf(principalOf(req));
      if (!req.isMultipart()) throw new AppError(ErrorCode.ConfigFileRequired);
      const { name, data, truncated } = await readUpload(req);
      return files.upload(scope, name, data, truncated);
    },
  );

  // A device has no console session: the signature and its expiry are the credential.
  app.get(
    '/v1/issued/file/config-files/:tenant/:id',
    {
      schema: {
        tags: ['config'],
        summary:
          'A configuration file for a device, at the pre-signed URL of apply_config (no session; 403 14063 for a bad or expired signature, 404 14062 when the file is gone)',
        params: z.object({ tenant: z.string().max(64), id: z.string().max(64) }),
        querystring: z.object({ exp: z.string().max(20).default(''), sig: z.string().max(128).default('') }),
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const key = `config-files/${req.params.tenant}/${req.params.id}`;
      const data = await files.download(key, req.query.exp, req.query.sig);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}

/**
 * The form's one file. The multipart parser throws plain errors for a form the client mangled or
 * cut short: that is the caller's mistake (4002), not a server error.
 */
async function readUpload(req: FastifyRequest): Promise<{ name: string; data: Buffer; truncated: boolean }> {
  try {
    const part = await req.file({
      limits: { fileSize: CONFIG_FILE_MAX_BYTES, files: 1 },
      throwFileSizeLimit: false,
    });
    if (!part) throw new AppError(ErrorCode.ConfigFileRequired);
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    return { name: part.filename, data: Buffer.concat(chunks), truncated: part.file.truncated };
  } catch (err) {
    // Coded errors (ours, and the plugin's FST_* limits) keep their own code.
    if (isAppError(err) || String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
    throw new AppError(ErrorCode.MalformedMultipart);
  }
}
