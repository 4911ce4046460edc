import { z } from 'zod';

import { DEFAULT_LIMIT, MAX_LIMIT } from './paging-constants.ts';

export * from './paging-constants.ts';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  sort: z.string().max(64).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function listReply<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    list: z.array(item),
    count: z.number().int(),
    limit: z.number().int(),
    page: z.number().int(),
    sort: z.string().nullable(),
  });
}
export interface ListReply<T> {
  list: T[];
  count: number;
  limit: number;
  page: number;
  sort: string | null;
}
