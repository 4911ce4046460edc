/**
 * The console's built files (apps/web/dist) and the not-found answer: API paths answer a coded JSON
 * 404; any other unknown GET is the console's page, whose router shows /404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorText } from '@netconsole/contract';
import { requestLang } from './lang.ts';
import type { App } from './schemas.ts';

const API_PREFIXES = ['/v1/', '/system/', '/docs', '/mqtt', '/weixin/', '/files/'];

export async function serveConsole(app: App, dist: string | undefined): Promise<void> {
  const hasWeb = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
    // Hashed assets are looked up per request, so a rebuilt console is served without a restart.
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    // A missing asset is a 404, not the console page (an old tab would parse HTML as a script).
    const isAsset = req.url.startsWith('/assets/') || /\.[a-z0-9]+(\?|$)/i.test(req.url.split('?')[0]!);
    if (!isApi && !isAsset && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ErrorCode.NotFound, message: errorText(ErrorCode.NotFound, requestLang(req)) });
  });
}
