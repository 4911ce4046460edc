import { z } from 'zod';

/** spec §2 and §9: page sizes 10, 20, 30, 50; limit 10 and page 1 by default. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 500;

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
