/**
 * How one record goes out through its channel: mail (the platform's Mailer: SMTP or the outbox),
 * SMS (Dysms with the alarm template; without Dysms the outbox), WeChat template messages and FCM app push
 * (their adapters; unconfigured, the record fails with `not-configured` — the outbox list knows
 * mail and SMS only), and signed webhooks. A failure comes back as a SendFailure saying whether
 * another attempt may help.
 */
import type { AlertChannelsConfig, NotifyConfig } from '../../platform/config.ts';
import { AliyunSmsSender } from '../../platform/notify/aliyun-sms.ts';
import { DeliveryError, type Mailer, type SmsSender } from '../../platform/notify/delivery.ts';
import { FcmSender } from '../../platform/notify/fcm.ts';
import type { Notify } from '../../platform/notify/notify.ts';
import { SendFailure } from '../../platform/notify/send-failure.ts';
import { postWebhook } from '../../platform/notify/webhook.ts';
import { WeChatTemplateSender } from '../../platform/notify/wechat.ts';
import { utcTime } from './digest.ts';
import type { RecordRow } from './tables.ts';

export interface AlertChannels {
  deliver(rec: RecordRow, webhookSecret: string | null): Promise<void>;
}

/** A mail or SMS DeliveryError as a SendFailure: SMTP 4xx and unreachable servers are transient. */
function fromDelivery(err: DeliveryError): SendFailure {
  const code = err.providerCode;
  const transient = err.channel === 'mail' ? !/^\d+$/.test(code) || code.startsWith('4') : code === 'network';
  return new SendFailure(code, err.message, transient);
}

/** A channel without its provider settings: a final failure the records show (no outbox keeps it). */
export const NOT_CONFIGURED = 'not-configured';
function notConfigured(what: string, vars: string): SendFailure {
  return new SendFailure(NOT_CONFIGURED, `${what} is not configured (${vars})`, false);
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function createAlertChannels(
  notify: NotifyConfig,
  alerts: AlertChannelsConfig,
  platform: Notify,
): AlertChannels {
  const mailer: Mailer = platform.mailer;
  // Dysms renders only approved templates: the verification-code one cannot carry an alarm, so
  // with Dysms but no alarm template, alarm SMS are not configured (without Dysms: the outbox).
  const sms: SmsSender | null = !notify.sms
    ? platform.sms
    : alerts.smsAlarmTemplate
      ? new AliyunSmsSender({ ...notify.sms, template: alerts.smsAlarmTemplate })
      : null;
  const wechat = alerts.wechat ? new WeChatTemplateSender(alerts.wechat) : null;
  const fcm = alerts.fcm ? new FcmSender(alerts.fcm) : null;

  async function deliver(rec: RecordRow, webhookSecret: string | null): Promise<void> {
    const network = rec.network_name ?? '-';
    switch (rec.channel) {
      case 'mail':
        return mailer.send({ to: rec.recipient, subject: rec.subject, text: rec.body });
      case 'sms':
        if (!sms) throw notConfigured('Alarm SMS', 'SMS_ALARM_TEMPLATE');
        // The template's variables; the text is what the outbox keeps.
        return sms.send({
          phone: rec.recipient,
          params: {
            network: cut(network, 20),
            count: String(rec.alarm_count),
            // Dysms serves mainland China: the subject's Chinese half.
            summary: cut(rec.subject.split(' / ').at(-1) ?? rec.subject, 30),
          },
          text: rec.body,
        });
      case 'wechat':
        if (!wechat) throw notConfigured('WeChat', 'WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TEMPLATE_ID');
        await wechat.send({
          openid: rec.recipient,
          data: {
            first: rec.subject,
            keyword1: network,
            keyword2: cut(rec.body.split('\n').slice(1, 4).join(' '), 200),
            keyword3: utcTime(rec.created_at),
            remark: '详情请登录控制台查看 / Open the console for details',
          },
        });
        return;
      case 'app':
        if (!fcm) throw notConfigured('App push', 'FCM_CREDENTIALS');
        await fcm.send({
          token: rec.recipient,
          title: rec.subject,
          body: cut(rec.body, 1000),
          data: { network: rec.network_id ?? '', record: rec.id, alarms: String(rec.alarm_count) },
        });
        return;
      case 'webhook':
        if (webhookSecret === null)
          throw new SendFailure('removed', 'the webhook was removed or disabled', false);
        await postWebhook({
          url: rec.recipient,
          secret: webhookSecret,
          body: rec.body,
          event: rec.kind === 'note' ? 'alarm.note' : 'alarm.digest',
          delivery: rec.id,
          // The receiver compares with its own clock: wall time, never a test clock.
          nowS: Math.floor(Date.now() / 1000),
          allowPrivate: alerts.webhookPrivate,
        });
        return;
      default:
        throw new SendFailure('channel', `unknown channel ${rec.channel}`, false);
    }
  }

  return {
    async deliver(rec, secret) {
      try {
        await deliver(rec, secret);
      } catch (err) {
        throw err instanceof DeliveryError ? fromDelivery(err) : err;
      }
    },
  };
}
