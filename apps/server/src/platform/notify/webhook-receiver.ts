/**
 * A webhook receiver that verifies the signature as docs/notifications.md tells users to: the
 * raw body, the `X-Netconsole-Signature` header, the shared secret, a 5-minute tolerance. It keeps
 * what it accepted and answers 401 to a bad signature. Tests use it; `failNext(n, status)` makes it
 * answer an error status to the next n deliveries. In development run
 * `WEBHOOK_SECRET=whsec_… npx tsx apps/server/src/platform/notify/webhook-receiver.ts`.
 */
import { pathToFileURL } from 'node:url';
import { listen, readText } from './standin-http.ts';
import { verifyWebhookSignature } from './webhook.ts';

export interface ReceivedWebhook {
  event: string;
  delivery: string;
  body: unknown;
  raw: string;
}

export interface WebhookReceiver {
  url: string;
  /** Deliveries with a valid signature. */
  received: ReceivedWebhook[];
  /** Requests refused for their signature. */
  badSignatures: number;
  /** Requests answered with a failNext status. */
  failed: number;
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(opts: {
  secret: () => string;
  host?: string;
  port?: number;
  onDelivery?: (d: ReceivedWebhook) => void;
}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let bad = 0;
  let failed = 0;
  let failing = { n: 0, status: 503 };
  const server = await listen(
    async (req, res) => {
      const raw = (await readText(req, 1024 * 1024)) ?? '';
      const header = req.headers['x-netconsole-signature'];
      const ok = verifyWebhookSignature(
        typeof header === 'string' ? header : undefined,
        raw,
        opts.secret(),
        Math.floor(Date.now() / 1000),
      );
      if (!ok) {
        bad++;
        res.writeHead(401).end();
        return;
      }
      if (failing.n > 0) {
        failing.n--;
        failed++;
        res.writeHead(failing.status).end();
        return;
      }
      const d = {
        event: String(req.headers['x-netconsole-event'] ?? ''),
        delivery: String(req.headers['x-netconsole-delivery'] ?? ''),
        body: JSON.parse(raw) as unknown,
        raw,
      };
      received.push(d);
      opts.onDelivery?.(d);
      res.writeHead(204).end();
    },
    opts.host,
    opts.port,
  );
  return {
    url: `${server.url}/hook`,
    received,
    get badSignatures() {
      return bad;
    },
    get failed() {
      return failed;
    },
    failNext(n, status = 503) {
      failing = { n, status };
    },
    close: server.close,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET ?? '';
  const r = await startWebhookReceiver({
    secret: () => secret,
    host: '127.0.0.1',
    port: Number(process.env.WEBHOOK_RECEIVER_PORT ?? 18403),
    onDelivery: (d) => console.log(`${d.event} ${d.delivery}: ${d.raw}`),
  });
  console.log(`Webhook receiver at ${r.url} (signatures checked with WEBHOOK_SECRET)`);
}
