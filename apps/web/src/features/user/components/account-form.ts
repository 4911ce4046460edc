import type { FormInstance } from 'antd';
import { ApiError } from '#shared/api-client.ts';
import { fieldOfAccountError } from './account-rules.ts';

/**
 * Marks the field of this form that a server refusal concerns (the app's error policy toasts the
 * message as well). `fields`: the names the form has.
 */
export function markRefusedField(form: FormInstance, error: unknown, fields: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  const field = fieldOfAccountError(error.code);
  if (field && fields.includes(field)) form.setFields([{ name: field, errors: [error.message] }]);
}
