import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export interface WordDetail {
  /** The route path the text belongs to. */
  Name: string;
  Lang: Lang;
  /** Markdown, or null when nobody has written help for this screen yet. */
  Contents: string | null;
}

export function getWordDetail(name: string, lang: Lang, signal?: AbortSignal): Promise<WordDetail> {
  return api.get<WordDetail>('/v1/word/wordDetail', { query: { Name: name, Lang: lang }, signal });
}

export function wordDetailQueryOptions(name: string, lang: Lang) {
  return queryOptions({
    queryKey: ['help', 'word', name, lang],
    queryFn: ({ signal }) => getWordDetail(name, lang, signal),
    staleTime: 10 * 60_000,
    // The panel shows its own failure state.
    meta: { silent: true },
  });
}

export function useWordDetail(name: string, lang: Lang) {
  return useQuery(wordDetailQueryOptions(name, lang));
}
