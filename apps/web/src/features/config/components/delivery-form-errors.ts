import {
  deliveryBody,
  deliveryIssueCode,
  errorText,
  ErrorCode,
  type DeliveryInput,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';

/** The form's places for a refusal; `form` is above the buttons. */
export type Field =
  'profile' | 'devices' | 'effectiveTime' | 'expireTime' | 'firstPercent' | 'maxFailPercent' | 'form';

const FIELD_OF_PATH: Record<string, Field> = {
  _id: 'profile',
  devices: 'devices',
  EffectiveTime: 'effectiveTime',
  ExpireTime: 'expireTime',
  'Staged.firstPercent': 'firstPercent',
  'Staged.maxFailPercent': 'maxFailPercent',
  Staged: 'firstPercent',
};

/** Where a body path's refusal shows (the contract's paths: `_id`, `Staged.firstPercent`, …). */
export function fieldOfPath(path: readonly PropertyKey[]): Field {
  const joined = path.map(String).join('.');
  return FIELD_OF_PATH[joined] ?? FIELD_OF_PATH[String(path[0])] ?? 'form';
}

export type Errors = Partial<Record<Field, string>>;

/**
 * The refusals of a body by the contract's own schema (the server's), each on its field in the
 * user's language: what the server would answer, said before anything is sent.
 */
export function deliveryErrors(body: DeliveryInput, lang: Lang): Errors {
  const parsed = deliveryBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= errorText(deliveryIssueCode(issue) ?? ErrorCode.ValidationFailed, lang);
  }
  return errors;
}

/** The server's refusal, on its fields when it names them, else above the buttons. */
export function serverErrors(error: unknown, lang: Lang): Errors {
  if (!(error instanceof ApiError) || !error.details?.length) return { form: errorMessage(error) };
  const errors: Errors = {};
  for (const d of error.details) {
    const path = d.path ? d.path.split('.') : [];
    const field = fieldOfPath(path);
    errors[field] ??=
      field === 'form' ? error.message : errorText(deliveryIssueCode({ path }) ?? error.code, lang);
  }
  return errors;
}
