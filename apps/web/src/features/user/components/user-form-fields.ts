import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkConfirm } from './user-form-rules.ts';

/**
 * An antd rule from one of the forms' checks. The check returns an error key; its message is
 * `<prefix>.<key>` (by default the co-administrator form's, `user:form.error`).
 */
export function checkRule<E extends string>(
  check: (value: string | undefined) => E | null,
  t: TFunction,
  prefix = 'user:form.error',
): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      const error = check(value);
      return error ? Promise.reject(new Error(t(`${prefix}.${error}`))) : Promise.resolve();
    },
  };
}

/**
 * A rule that reads other fields: `check(value, getFieldValue)`. Give the form item
 * `dependencies` on those fields so it is checked again when they change.
 */
export function crossRule<E extends string>(
  check: (value: string | undefined, field: (name: string) => string | undefined) => E | null,
  t: TFunction,
  prefix: string,
): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      const error = check(value, (name) => getFieldValue(name) as string | undefined);
      return error ? Promise.reject(new Error(t(`${prefix}.${error}`))) : Promise.resolve();
    },
  });
}

/** The confirmation must repeat the password (re-checked when the password changes). */
export function confirmRule(t: TFunction): FormRule {
  return crossRule((value, field) => checkConfirm(field('Password'), value), t, 'user:form.error');
}
