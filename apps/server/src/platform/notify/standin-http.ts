/** What the alarm channels' stand-ins (WeChat, FCM, webhook receiver) share: a small HTTP server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInServer {
  url: string;
  close(): Promise<void>;
}

/** Reads a request body of at most `max` bytes as text (null when larger). */
export function readText(req: http.IncomingMessage, max = 64 * 1024): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
    });
    req.on('end', () => resolve(size > max ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Listens on host:port (0: a free port) and answers with `handle`; a throwing handler answers 500. */
export async function listen(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
  host = '127.0.0.1',
  port = 0,
): Promise<StandInServer> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'stand-in failed' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const shown = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${shown}:${bound}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
