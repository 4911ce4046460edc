import {
  errorText,
  ErrorCode,
  firmwareDispatchBody,
  firmwareDispatchIssueCode,
  type FirmwareDispatchInput,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';

/** The upgrade form's places for a refusal; `form` is above the buttons. */
export type Field =
  | 'image'
  | 'devices'
  | 'validity'
  | 'effectiveTime'
  | 'expireTime'
  | 'windowStart'
  | 'windowEnd'
  | 'firstPercent'
  | 'maxFailPercent'
  | 'concurrency'
  | 'form';

const FIELD_OF_PATH: Record<string, Field> = {
  _id: 'image',
  devices: 'devices',
  Validity: 'validity',
  EffectiveTime: 'effectiveTime',
  ExpireTime: 'expireTime',
  'Window.Start': 'windowStart',
  'Window.End': 'windowEnd',
  'Window.TimeZone': 'windowStart',
  Window: 'windowStart',
  'Staged.firstPercent': 'firstPercent',
  'Staged.maxFailPercent': 'maxFailPercent',
  Staged: 'firstPercent',
  Concurrency: 'concurrency',
};

/** Where a body path's refusal shows (the contract's paths: `_id`, `Window.End`, …). */
export function fieldOfPath(path: readonly PropertyKey[]): Field {
  const joined = path.map(String).join('.');
  return FIELD_OF_PATH[joined] ?? FIELD_OF_PATH[String(path[0])] ?? 'form';
}

export type Errors = Partial<Record<Field, string>>;

/**
 * The refusals of a dispatch body by the contract's own schema (the server's), each on its field
 * in the user's language (14012 "end after start" on the end time): said before anything is sent.
 */
export function upgradeErrors(body: FirmwareDispatchInput, lang: Lang): Errors {
  const parsed = firmwareDispatchBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    errors[fieldOfPath(issue.path)] ??= errorText(
      firmwareDispatchIssueCode(issue) ?? ErrorCode.ValidationFailed,
      lang,
    );
  }
  return errors;
}

/**
 * The server's refusal on the fields it names (e.g. 15031, the devices of another model, on the
 * devices), else above the buttons — with the server's own text, which carries its parameters.
 */
export function serverErrors(error: unknown, lang: Lang): Errors {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) };
  if (!error.details?.length) {
    if (error.code === ErrorCode.FirmwareDeviceMismatch) return { devices: error.message };
    if (error.code === ErrorCode.FirmwareIssueEndBeforeStart) return { expireTime: error.message };
    return { form: error.message };
  }
  const errors: Errors = {};
  error.details.forEach((d, i) => {
    const path = d.path ? d.path.split('.') : [];
    // The reply's text is the first issue's, in the user's language; the others get their field's.
    errors[fieldOfPath(path)] ??=
      i === 0 ? error.message : errorText(firmwareDispatchIssueCode({ path }) ?? error.code, lang);
  });
  return errors;
}
