/**
 * The image library's calls (spec §7 FIRMWARE; `remove` and `versions` are extensions,
 * docs/api-extensions.tsv). The upload is multipart and registered in the module's scope that
 * takes multipart bodies (module.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  FIRMWARE_MAX_BYTES,
  firmwareAddFields,
  firmwareAllQuery,
  firmwareAllReply,
  firmwareFieldsProblem,
  firmwareIssueCode,
  firmwareList,
  firmwareListQuery,
  firmwareRemoveBody,
  firmwareRemoveReply,
  firmwareReply,
  firmwareUpdateBody,
  firmwareVersionsQuery,
  firmwareVersionsReply,
  type FirmwareItem,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { AppError, isAppError } from '../../platform/http/app-error.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { Actor, FirmwareImages } from './images.ts';

// Every signed-in account may use the /fwconf screens (routes.tsv names no role for them); who may
// change which image is the service's rule (images.ts).
const auth: AuthRule = {};
// Each broken rule of spec §5 answers with its own 15xxx code (api/firmware.ts).
const config = { auth, issueCode: firmwareIssueCode };
const tags = ['firmware'];

function actorOf(req: FastifyRequest): Actor {
  const p = principalOf(req);
  return { scope: scopeOf(p), userId: p.userId, username: p.username };
}

export function firmwareRoutes(app: App, images: FirmwareImages): void {
  app.get(
    '/v1/fw/list',
    {
      schema: {
        tags,
        summary: "The images the caller may use (its own and the administrator's published ones), a page",
        querystring: firmwareListQuery,
        response: replies({ 200: firmwareList }),
      },
      config,
    },
    (req) => images.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/fw/getAllFWs',
    {
      schema: {
        tags,
        summary: 'Every usable image, optionally of one Model and HWVersion, newest version first',
        querystring: firmwareAllQuery,
        response: replies({ 200: firmwareAllReply }),
      },
      config,
    },
    (req) => images.all(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/fw/versions',
    {
      schema: {
        tags,
        summary:
          'The library view: per Model and HWVersion, the versions devices run, the images, the newest known version and the devices behind it',
        querystring: firmwareVersionsQuery,
        response: replies({ 200: firmwareVersionsReply }),
      },
      config,
    },
    (req) => images.versions(scopeOf(principalOf(req)), req.query),
  );
  app.put(
    '/v1/fw/update',
    {
      schema: {
        tags,
        summary:
          "Change an image's Operator and Description; Published: the administrator, on its own images",
        body: firmwareUpdateBody,
        response: replies({ 200: firmwareReply }),
      },
      config,
    },
    async (req) => ({ list: await images.update(actorOf(req), req.body) }),
  );
  app.post(
    '/v1/fw/remove',
    {
      schema: {
        tags,
        summary: 'Remove an image and its file; refused (15019) while an upgrade that has not ended uses it',
        body: firmwareRemoveBody,
        response: replies({ 200: firmwareRemoveReply }),
      },
      config,
    },
    (req) => images.remove(actorOf(req), req.body._id),
  );
}

/** POST /v1/fw/add: registered where multipart bodies are taken (module.ts). */
export function firmwareUploadRoute(app: App, images: FirmwareImages): void {
  app.post(
    '/v1/fw/add',
    {
      schema: {
        tags,
        summary:
          'multipart/form-data: the fields Model, HWVersion, FWVersion, Checksum, MD5, Operator, Description?, Published? first, then the image as `file` (at most 512 MiB); streamed to the file store and checked against MD5 and Checksum',
        response: replies({ 200: firmwareReply }),
      },
      config: { auth },
    },
    async (req, reply) => ({ list: await upload(req, reply, images) }),
  );
}

/**
 * Reads the form as it arrives: the text fields first, checked (and the caller's right and a
 * duplicate) before the file part is read, so a refused upload costs no transfer of the image; then
 * the file, streamed by the service. A refusal before the file was read closes the connection after
 * the answer instead of reading the rest of the body.
 */
async function upload(
  req: FastifyRequest,
  reply: FastifyReply,
  images: FirmwareImages,
): Promise<FirmwareItem> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.FirmwarePathRequired);
  const actor = actorOf(req);
  const fields: Record<string, string> = {};
  let item: FirmwareItem | undefined;
  try {
    for await (const part of req.parts({
      limits: { files: 1, fields: 20, fieldSize: 1024, fileSize: FIRMWARE_MAX_BYTES },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const parsed = firmwareAddFields.safeParse(fields);
      if (!parsed.success) {
        const { code, details } = firmwareFieldsProblem(parsed.error);
        throw new AppError(code, undefined, details);
      }
      item = await images.add(actor, parsed.data, part.filename, part.file);
    }
  } catch (err) {
    // The rest of the body is not read: the connection ends after the answer.
    if (!item) void reply.header('connection', 'close');
    // Coded errors (ours, and the plugin's FST_* limits) keep their own code.
    if (isAppError(err) || String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
    throw new AppError(ErrorCode.MalformedMultipart);
  }
  if (item) return item;
  // No file: the fields' own mistakes first, then the missing file.
  const parsed = firmwareAddFields.safeParse(fields);
  if (!parsed.success) {
    const { code, details } = firmwareFieldsProblem(parsed.error);
    throw new AppError(code, undefined, details);
  }
  throw new AppError(ErrorCode.FirmwarePathRequired);
}
