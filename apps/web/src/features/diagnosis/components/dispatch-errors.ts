import {
  DIAG_DEVICES_MAX,
  DIAG_TARGETS_MAX,
  diagnoseDispatchBody,
  diagnosisIssueCode,
  errorText,
  ErrorCode,
  type DiagnoseDispatchInput,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';

/** The limit a text names (`{max}`): devices for 28002, targets for 28004. */
const maxOf = (code: number) => ({
  max: code === ErrorCode.DiagnosisTooManyTargets ? DIAG_TARGETS_MAX : DIAG_DEVICES_MAX,
});

/** The diagnosis forms' places for a refusal; `form` is above the button. */
export type Field = 'devices' | 'targets' | 'type' | 'count' | 'size' | 'portalUrl' | 'radius' | 'form';
export type Errors = Partial<Record<Field, string>>;

const FIELD_OF_KEY: Record<string, Field> = {
  Devices: 'devices',
  Targets: 'targets',
  Type: 'type',
  Count: 'count',
  Size: 'size',
  PortalUrl: 'portalUrl',
  Radius: 'radius',
};

/** Where a body path's refusal shows (the contract's paths: `Targets.1`, `Radius.0`, …). */
export function fieldOfPath(path: readonly PropertyKey[]): Field {
  return FIELD_OF_KEY[String(path[0])] ?? 'form';
}

/**
 * The refusals of a dispatch body by the contract's own schema (the server's), each on its field in
 * the user's language with spec §5's code (count 31 → 28006…): said before anything is sent. A bad
 * target names itself.
 */
export function dispatchErrors(body: DiagnoseDispatchInput, lang: Lang): Errors {
  const parsed = diagnoseDispatchBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    const code = diagnosisIssueCode(issue) ?? ErrorCode.ValidationFailed;
    const text = errorText(code, lang, maxOf(code));
    const index = issue.path[1];
    const named =
      field === 'targets' && typeof index === 'number' && body.Targets?.[index]
        ? `${text}: ${body.Targets[index]}`
        : text;
    errors[field] ??= named;
  }
  return errors;
}

/** The server's refusal on the field it names, else above the button, with the server's own text. */
export function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) };
  const path = error.details?.[0]?.path;
  const field = path ? fieldOfPath(path.split('.')) : codeField(error.code);
  return { [field]: error.message };
}

/** A refusal without a path, by its code: the devices (12003, not the caller's) or the form. */
function codeField(code: number): Field {
  if (code === ErrorCode.DiagnosisDevicesRequired || code === ErrorCode.DiagnosisTooManyDevices)
    return 'devices';
  return 'form';
}
