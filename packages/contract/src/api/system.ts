import { z } from 'zod';

export const versionReply = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['cloud', 'controller']),
});
/** `time` is a 10-digit Unix timestamp in seconds (spec §9); `iso` the same instant. */
export const timeReply = z.object({ time: z.number().int(), iso: z.string(), timezone: z.string() });

export const helpQuery = z.object({
  Name: z.string().trim().min(1).max(128),
  Lang: z.enum(['en', 'zh']).default('en'),
});
export const helpReply = z.object({
  Name: z.string(),
  Lang: z.enum(['en', 'zh']),
  Contents: z.string().nullable(),
});
