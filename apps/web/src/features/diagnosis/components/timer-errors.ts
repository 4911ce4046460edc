import {
  addTimerBody,
  errorText,
  ErrorCode,
  TIMER_FIELD_CODES,
  type AddTimerBody,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import type { Field as ProbeField } from './dispatch-errors.ts';

/** The timer dialog's places for a refusal: its own fields and the probe's. */
export type Field = ProbeField | 'name' | 'descr' | 'time' | 'zone' | 'status' | 'kind';
export type Errors = Partial<Record<Field, string>>;

const FIELD_OF_KEY: Record<string, Field> = {
  Name: 'name',
  Descr: 'descr',
  Data: 'time',
  TimeZone: 'zone',
  Status: 'status',
  Kind: 'kind',
  Type: 'type',
  Devices: 'devices',
  Targets: 'targets',
  Count: 'count',
  Size: 'size',
  PortalUrl: 'portalUrl',
  Radius: 'radius',
};

const fieldOf = (key: string): Field => FIELD_OF_KEY[key] ?? 'form';

/**
 * The refusals of a timer by the contract's schema and spec §5's "timer required" (a name, a time,
 * a device and a target — for a portal timer its page or a RADIUS server), each on its field with
 * the timer's code, before anything is sent.
 */
export function timerErrors(body: AddTimerBody, lang: Lang): Errors {
  const errors: Errors = {};
  const parsed = addTimerBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      errors[fieldOf(key)] ??= errorText(TIMER_FIELD_CODES[key] ?? ErrorCode.ValidationFailed, lang);
    }
  }
  // What the service checks beyond the schema (28044): something to probe.
  if (body.Kind === 'portal') {
    if (!body.PortalUrl && (body.Radius?.length ?? 0) === 0)
      errors.portalUrl ??= errorText(ErrorCode.TimerTargetsRequired, lang);
  } else if ((body.Targets?.length ?? 0) === 0) {
    errors.targets ??= errorText(ErrorCode.TimerTargetsRequired, lang);
  }
  return errors;
}

/** The server's refusal on the field it names, else above the buttons, with its own text. */
export function serverTimerErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) };
  const path = error.details?.[0]?.path;
  if (path) return { [fieldOf(path.split('.')[0]!)]: error.message };
  if (error.code === ErrorCode.TimerTargetsRequired) return { targets: error.message };
  if (error.code === ErrorCode.TimerDeviceNotExist) return { devices: error.message };
  return { form: error.message };
}
