import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkConfirm, type FieldError } from './user-form-rules.ts';

/** An antd rule from one of the form's checks; the message comes from `user:form.error`. */
export function checkRule(check: (value: string | undefined) => FieldError | null, t: TFunction): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      const error = check(value);
      return error ? Promise.reject(new Error(t(`user:form.error.${error}`))) : Promise.resolve();
    },
  };
}

/** The confirmation must repeat the password (re-checked when the password changes). */
export function confirmRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      const error = checkConfirm(getFieldValue('Password') as string | undefined, value);
      return error ? Promise.reject(new Error(t(`user:form.error.${error}`))) : Promise.resolve();
    },
  });
}
