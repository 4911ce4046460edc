import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpWordBody, HelpWordItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { wordDetailQueryOptions, type WordDetail } from './get-word-detail.ts';

/** PUT /v1/word/wordDetail (administrator): the help of one screen in one language. */
export function saveWordDetail(body: HelpWordBody): Promise<HelpWordItem> {
  return api.put<HelpWordItem>('/v1/word/wordDetail', body);
}

/** The panel shows the saved text at once: the reply replaces the cached help of that screen. */
export function useSaveWordDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWordDetail,
    onSuccess: (saved) => {
      const { queryKey } = wordDetailQueryOptions(saved.Name, saved.Lang);
      queryClient.setQueryData<WordDetail>(queryKey, {
        Name: saved.Name,
        Lang: saved.Lang,
        Contents: saved.Contents,
      });
    },
  });
}
