/**
 * The words of a digest: one message for the alarms of one network raised or cleared within a
 * window ("12 alarms in network Head office: …"), the note sent instead once a recipient's hourly
 * limit is reached, and how recipients are shown in lists (masked). Pure functions.
 */
import { DIGEST_LINES_MAX, type Lang, type NotifyChannel } from '@netconsole/contract';

/** One alarm change as the digest reads it (an AlarmNotice without its scope). */
export interface Change {
  event: 'raised' | 'cleared';
  alarmId: string;
  networkName: string | null;
  deviceName: string | null;
  sn: string | null;
  type: number;
  level: 1 | 2 | 3;
  text: { en: string; zh: string };
  behind: number;
  at: number;
}

const LEVEL: Record<Lang, Record<number, string>> = {
  en: { 1: 'General', 2: 'Medium', 3: 'Severe' },
  zh: { 1: '一般', 2: '中等', 3: '严重' },
};
const CLEARED: Record<Lang, string> = { en: 'Cleared', zh: '已恢复' };

/** `2026-11-21 08:00:05 UTC`: recipients are in many zones, the console shows their own. */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function networkOf(changes: Change[], lang: Lang): string {
  const named = changes.find((c) => c.networkName)?.networkName;
  return named ?? (lang === 'en' ? '(no network)' : '（无网络）');
}

export function digestSubject(changes: Change[], lang: Lang): string {
  const net = networkOf(changes, lang);
  const raised = changes.filter((c) => c.event === 'raised').length;
  const cleared = changes.length - raised;
  if (lang === 'zh') {
    if (cleared === 0) return `网络 ${net} 有 ${raised} 条告警`;
    if (raised === 0) return `网络 ${net} 有 ${cleared} 条告警已恢复`;
    return `网络 ${net} 有 ${raised} 条告警，${cleared} 条已恢复`;
  }
  const s = (n: number) => (n === 1 ? '' : 's');
  if (cleared === 0) return `${raised} alarm${s(raised)} in network ${net}`;
  if (raised === 0) return `${cleared} alarm${s(cleared)} cleared in network ${net}`;
  return `${raised} alarm${s(raised)}, ${cleared} cleared in network ${net}`;
}

/** One line per change, newest last; past DIGEST_LINES_MAX, "and N more". */
export function digestLines(changes: Change[], lang: Lang, max = DIGEST_LINES_MAX): string[] {
  const lines = changes.slice(0, max).map((c) => {
    const tag = c.event === 'cleared' ? CLEARED[lang] : LEVEL[lang][c.level];
    const device =
      c.deviceName || c.sn ? ` ${c.deviceName ?? c.sn}${c.sn && c.deviceName ? ` (${c.sn})` : ''}` : '';
    const behind =
      c.behind > 0
        ? lang === 'en'
          ? ` (+${c.behind} devices behind it)`
          : `（其后 ${c.behind} 台设备）`
        : '';
    return `[${tag}] ${utcTime(c.at)}${device}: ${c.text[lang]}${behind}`;
  });
  const more = changes.length - lines.length;
  if (more > 0) lines.push(lang === 'en' ? `… and ${more} more` : `……另有 ${more} 条`);
  return lines;
}

export function digestText(changes: Change[], lang: Lang): string {
  const see = lang === 'en' ? 'Open the console for details.' : '详情请登录控制台查看。';
  return [`${digestSubject(changes, lang)}:`, ...digestLines(changes, lang), '', see].join('\n');
}

/** Mail carries both languages: English first, then Chinese. */
export function bilingual(changes: Change[]): { subject: string; text: string } {
  return {
    subject: `${digestSubject(changes, 'en')} / ${digestSubject(changes, 'zh')}`,
    text: `${digestText(changes, 'en')}\n\n${digestText(changes, 'zh')}`,
  };
}

/** Sent once when a recipient's hourly limit is reached, instead of the digest. */
export function limitNote(network: string | null): { subject: string; text: string } {
  const net = network ?? '-';
  return {
    subject: `More alarms in network ${net} / 网络 ${net} 有更多告警`,
    text:
      `More alarms in network ${net}. You have had the most notifications per hour; the next ones ` +
      `wait until the hour has passed. See the console.\n\n` +
      `网络 ${net} 有更多告警。本小时的通知已达上限，之后的告警请登录控制台查看。`,
  };
}

/** How a recipient shows in lists: e-mail and phone masked, openids and tokens cut, webhooks by name. */
export function maskRecipient(channel: NotifyChannel, recipient: string, label: string): string {
  if (channel === 'mail') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}***${recipient.slice(at)}` : '***';
  }
  if (channel === 'sms') {
    return recipient.length >= 7 ? `${recipient.slice(0, 3)}****${recipient.slice(-4)}` : '****';
  }
  if (channel === 'webhook') return label;
  return `${label} (${recipient.slice(0, 6)}…)`;
}
