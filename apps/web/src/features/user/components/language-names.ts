import type { Lang } from '@netconsole/contract';

/** Each language is named in itself, so a reader of either can find their own. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', zh: '中文' };
