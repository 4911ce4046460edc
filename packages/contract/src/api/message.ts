/**
 * Messages to a tenant (spec §3 Message: title, read or unread, system or admin; §7 MESSAGES and the
 * dashboard's unread count; §8 18xxx). System messages are stored as a code and its values and read
 * in the reader's language; the administrator's are stored as written.
 */
import { z } from 'zod';
import type { Lang } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';

export const MESSAGE_TYPES = ['system', 'admin'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATUSES = ['unread', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;

/** What the system tells a tenant about, with the values each text takes. */
export const SYSTEM_MESSAGES = {
  topology_changed: {
    title: { en: 'Topology of {network} changed', zh: '网络 {network} 的拓扑已变化' },
    content: {
      en: '{changed} devices of network {network} changed place, name or model, or joined or left it. Open the topology history to compare.',
      zh: '网络 {network} 中有 {changed} 台设备的位置、名称或型号发生变化，或有设备加入、离开。请打开拓扑历史进行对比。',
    },
  },
  // Issue 17 (docs/notifications.md): one per digest of a network's alarms, and a send that failed.
  alarm_digest: {
    title: {
      en: 'Alarm digest of network {network} ({count})',
      zh: '网络 {network} 告警汇总（{count} 条）',
    },
    content: {
      en: '{raised} raised, {cleared} cleared. {lines_en}',
      zh: '新增 {raised} 条，恢复 {cleared} 条。{lines_zh}',
    },
  },
  notification_failed: {
    title: {
      en: 'An alarm notification through {channel} failed',
      zh: '通过 {channel} 发送的告警通知失败',
    },
    content: {
      en: 'The notification to {recipient} about network {network} could not be delivered: {reason}. See the notification records.',
      zh: '发往 {recipient} 的网络 {network} 告警通知未能送达：{reason}。请查看通知记录。',
    },
  },
} as const satisfies Record<string, { title: Record<Lang, string>; content: Record<Lang, string> }>;
export type SystemMessageCode = keyof typeof SYSTEM_MESSAGES;

export function systemMessageText(
  code: string,
  params: Record<string, string | number>,
  lang: Lang,
): { title: string; content: string } | null {
  const entry = (SYSTEM_MESSAGES as Record<string, (typeof SYSTEM_MESSAGES)[SystemMessageCode]>)[code];
  if (!entry) return null;
  const fill = (t: string) =>
    t.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
  return { title: fill(entry.title[lang]), content: fill(entry.content[lang]) };
}

export const messageListQuery = pageQuery.extend({
  type: z.enum(MESSAGE_TYPES).optional(),
  /** Only for `/v1/message/all`: one status. */
  status: z.enum(MESSAGE_STATUSES).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageItem = z.object({
  _id: z.string(),
  Type: z.enum(MESSAGE_TYPES),
  Title: z.string(),
  Content: z.string(),
  Status: z.enum(MESSAGE_STATUSES),
  Tenant: z.string(),
  CreateTime: z.number(),
  ReadTime: z.number().nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;
export const messageList = listReply(messageItem);

export const messageRefBody = z.object({ _id: z.string().max(64).optional() });
export type MessageRefBody = z.infer<typeof messageRefBody>;
export const messageIdParams = z.object({ id: z.string().max(64) });

export const messageCountReply = z.object({ count: z.number().int() });
export type MessageCountReply = z.infer<typeof messageCountReply>;

/** The administrator's message to one tenant, or to every tenant without `Tenant` (docs/api-extensions.tsv). */
export const addMessageBody = z.object({
  Title: z.string().max(1000).optional(),
  Content: z.string().max(10_000).optional(),
  Tenant: z.string().max(64).optional(),
});
export type AddMessageBody = z.infer<typeof addMessageBody>;
