/**
 * Platform content the administrator keeps: help words (spec §3 "Help word"), app releases
 * (spec §8 26xxx) and the notification outbox. None has an HTTP path in the specification yet;
 * the schemas serve the services and the screens to come.
 */
import { z } from 'zod';
import { listReply, pageQuery } from '../paging.ts';

/** A route path of the console, e.g. /device/list. */
export const helpWordName = z
  .string()
  .trim()
  .max(128)
  .regex(/^\/[A-Za-z0-9_\-/]*$/, { error: 'a route path' });
export const HELP_CONTENTS_MAX = 64 * 1024;
export const helpWordBody = z.object({
  Name: helpWordName,
  Lang: z.enum(['en', 'zh']),
  Contents: z.string().max(HELP_CONTENTS_MAX),
});
export type HelpWordBody = z.infer<typeof helpWordBody>;
export const helpWordItem = helpWordBody.extend({ Owner: z.string(), UpdateTime: z.number() });
export type HelpWordItem = z.infer<typeof helpWordItem>;

export const APP_PLATFORMS = ['android', 'ios'] as const;
export const appReleaseBody = z.object({
  Platform: z.enum(APP_PLATFORMS),
  Version: z
    .string()
    .trim()
    .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, { error: 'like 2.4.0' }),
  Url: z.string().trim().max(512),
  Notes: z.string().max(2000).default(''),
  /** Make it the download the sign-in page offers (the platform's other releases step back). */
  Activate: z.boolean().default(true),
});
export type AppReleaseBody = z.input<typeof appReleaseBody>;
export const appReleaseItem = z.object({
  _id: z.string(),
  Platform: z.enum(APP_PLATFORMS),
  Version: z.string(),
  Url: z.string(),
  Notes: z.string(),
  Active: z.boolean(),
  CreateTime: z.number(),
});
export type AppReleaseItem = z.infer<typeof appReleaseItem>;

export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;
export const outboxQuery = pageQuery.extend({ channel: z.enum(OUTBOX_CHANNELS).optional() });
export type OutboxQuery = z.infer<typeof outboxQuery>;
export const outboxItem = z.object({
  _id: z.string(),
  Channel: z.enum(OUTBOX_CHANNELS),
  To: z.string(),
  Subject: z.string(),
  Body: z.string(),
  CreateTime: z.number(),
});
export type OutboxItem = z.infer<typeof outboxItem>;
export const outboxList = listReply(outboxItem);
