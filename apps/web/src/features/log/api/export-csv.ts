import { useMutation } from '@tanstack/react-query';
import type { ErrorReply, Lang } from '@netconsole/contract';
import { ApiError, applySessionPolicy } from '#shared/api-client.ts';
import { getSession } from '#shared/session.ts';

type Query = Record<string, string | number | undefined>;

/** The server writes at most 50 000 rows; that takes longer than a list's 10 s. */
const EXPORT_TIMEOUT_MS = 120_000;

/**
 * GET /v1/log/export (docs/api-extensions.tsv): the log the filters select as a CSV file, saved by
 * the browser. Fetched rather than linked: the server reads the session from the Authorization
 * header, which a plain link cannot send.
 */
export async function downloadLogCsv(kind: 'audit' | 'device', query: Query, lang: Lang): Promise<void> {
  const params = new URLSearchParams({ kind, language: lang });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const token = getSession().token;
  const response = await fetch(`/v1/log/export?${params.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
  });
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as ErrorReply | null;
    const error = new ApiError(
      reply?.message ?? `${response.status} ${response.statusText}`,
      reply?.code ?? response.status * 10,
      response.status,
    );
    applySessionPolicy(error, Boolean(token));
    throw error;
  }
  const blob = await response.blob();
  const name =
    /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${kind}-log.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The export as a mutation: pending while it downloads, a failure toasted by the app's policy. */
export function useLogExport() {
  return useMutation({
    mutationFn: ({ kind, query, lang }: { kind: 'audit' | 'device'; query: Query; lang: Lang }) =>
      downloadLogCsv(kind, query, lang),
  });
}
