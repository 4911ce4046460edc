import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmsStandIn, type SmsStandIn } from '../../apps/server/src/platform/notify/sms-standin.ts';
import { startSmtpPeer } from '../../apps/server/src/platform/notify/smtp-peer.ts';

export interface DeliveryPeers {
  /** Environment for the server under test: real SMTP and the SMS provider's stand-in. */
  serverEnv: Record<string, string>;
  /** Where test workers read what was delivered: GET /mail, GET /sms (JSON). */
  mailboxURL: string;
  close(): Promise<void>;
}

const SMS_KEY = {
  keyId: 'LTAIe2eTestKey',
  keySecret: 'e2e-secret-0123456789',
  sign: 'NetConsole',
  template: 'SMS_000001',
};

/**
 * The peers a real deployment talks to, started for the browser tests: an SMTP server (the
 * smtp-server package) and the stand-in of the SMS provider, which checks signatures like the
 * provider does. Test workers read the deliveries over a small HTTP mailbox.
 */
export async function startDeliveryPeers(): Promise<DeliveryPeers> {
  const smtp = await startSmtpPeer();

  const sms: SmsStandIn = await startSmsStandIn({
    keyId: SMS_KEY.keyId,
    keySecret: SMS_KEY.keySecret,
    signs: [SMS_KEY.sign],
    templates: [SMS_KEY.template],
    host: '127.0.0.1',
  });

  const mailbox = http.createServer((req, res) => {
    const body = req.url === '/mail' ? smtp.received : req.url === '/sms' ? sms.messages : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));

  return {
    serverEnv: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Network console <console@e2e.test>',
      SMS_URL: sms.url,
      SMS_KEY_ID: SMS_KEY.keyId,
      SMS_KEY_SECRET: SMS_KEY.keySecret,
      SMS_SIGN: SMS_KEY.sign,
      SMS_TEMPLATE: SMS_KEY.template,
    },
    mailboxURL: `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((r) => mailbox.close(() => r()));
      await sms.close();
      await smtp.close();
    },
  };
}

/** Decodes the text of a raw mail enough to read a code: quoted-printable and base64 parts. */
export function mailText(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [unfolded, ...b64].join('\n');
}
