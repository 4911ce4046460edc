/**
 * Paging constants (spec §2, §9), apart from the query schema in paging.ts so the console's
 * pagination control does not load zod for them.
 */

/** spec §2 and §9: page sizes 10, 20, 30, 50; limit 10 and page 1 by default. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 500;
