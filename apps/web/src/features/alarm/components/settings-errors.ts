import { alarmIssueCode, errorText, ErrorCode, type Lang } from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';

/** Where each refusal shows, by a key the form chooses; `form` is above the buttons. */
export type Errors = Partial<Record<string, string>>;

/** A body path's place in a form: `Alarms.3.Threshold` → the form's own key. */
export type FieldOf = (path: readonly PropertyKey[]) => string;

/**
 * A body's refusals by the contract's own schema (the server's), each on its field in the user's
 * language with its 16xxx code's text: said before anything is sent. The first refusal of a field wins.
 */
export function clientErrors(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: readonly Issue[] } } },
  body: unknown,
  fieldOf: FieldOf,
  lang: Lang,
): Errors {
  const parsed = schema.safeParse(body);
  if (parsed.success || !parsed.error) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    errors[fieldOf(issue.path)] ??= errorText(alarmIssueCode(issue) ?? ErrorCode.ValidationFailed, lang);
  }
  return errors;
}

interface Issue {
  path: readonly PropertyKey[];
  params?: unknown;
}

/** The server's refusal answered with the mail address still to be set (spec §6). */
export const MAIL_FIRST = 'mailFirst';

/**
 * The server's refusal on the fields it names, else above the buttons, with the server's own text
 * (the first detail's is the reply's message); 16004 "set mail address first" gets its own place,
 * which links to the personal centre.
 */
export function serverErrors(error: unknown, fieldOf: FieldOf, lang: Lang): Errors {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) };
  if (error.code === ErrorCode.MailAddressRequired) return { [MAIL_FIRST]: error.message };
  if (!error.details?.length) return { form: error.message };
  const errors: Errors = {};
  error.details.forEach((d, i) => {
    const path = d.path ? d.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)) : [];
    errors[fieldOf(path)] ??=
      i === 0 ? error.message : errorText(alarmIssueCode({ path }) ?? error.code, lang);
  });
  return errors;
}
