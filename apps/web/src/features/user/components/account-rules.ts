import {
  ErrorCode,
  isDigitCode,
  isEmail,
  isMobilePhone,
  isResetCode,
  isStrongPassword,
  type ForgotPwdBody,
  type PassBody,
} from '@netconsole/contract';

/**
 * The rules of the personal centre (/user/index) and the forgotten-password page (/forgotpwd),
 * from the contract's validators so a form that passes is not refused by the server (spec §5).
 * Each check returns the key of its message under the page namespace's `error`, or null.
 */
export type AccountFieldError =
  | 'oldRequired'
  | 'passwordRequired'
  | 'passwordWeak'
  | 'passwordSame'
  | 'confirmRequired'
  | 'confirmMismatch'
  | 'emailRequired'
  | 'email'
  | 'emailSame'
  | 'phoneRequired'
  | 'phone'
  | 'phoneSame'
  | 'codeRequired'
  | 'code6'
  | 'code5';

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The number as stored: its last 11 digits, whatever +86 prefix was typed. */
export function phoneDigits(value: string | undefined | null): string {
  return text(value).replace(/[ -]/g, '').slice(-11);
}

export function checkOldPassword(value: string | undefined): AccountFieldError | null {
  return text(value) ? null : 'oldRequired';
}

/** spec §5: the strength rule, and a new password must differ from the old one. */
export function checkNewPassword(value: string | undefined, old?: string): AccountFieldError | null {
  if (!value) return 'passwordRequired';
  if (!isStrongPassword(value)) return 'passwordWeak';
  return old !== undefined && text(old) === value ? 'passwordSame' : null;
}

export function checkConfirmation(password: string | undefined, confirm: string | undefined) {
  if (!confirm) return 'confirmRequired' as const;
  return confirm === password ? null : ('confirmMismatch' as const);
}

/** A new address: required, well-formed, and not the one the account already has. */
export function checkNewEmail(value: string | undefined, current = ''): AccountFieldError | null {
  const email = text(value);
  if (!email) return 'emailRequired';
  if (!isEmail(email)) return 'email';
  return current && email.toLowerCase() === current.toLowerCase() ? 'emailSame' : null;
}

/** A mainland mobile number; `current` refuses the number the account already has. */
export function checkNewPhone(value: string | undefined, current = ''): AccountFieldError | null {
  const phone = text(value);
  if (!phone) return 'phoneRequired';
  if (!isMobilePhone(phone)) return 'phone';
  return current && phoneDigits(phone) === phoneDigits(current) ? 'phoneSame' : null;
}

/** The personal centre's codes: 6 digits. */
export function checkSixDigitCode(value: string | undefined): AccountFieldError | null {
  const code = text(value);
  if (!code) return 'codeRequired';
  return isDigitCode(code, 6) ? null : 'code6';
}

/** The forgotten-password code: 5 characters (spec §5). */
export function checkResetCode(value: string | undefined): AccountFieldError | null {
  const code = text(value);
  if (!code) return 'codeRequired';
  return isResetCode(code) ? null : 'code5';
}

export interface PasswordValues {
  OldPassword: string;
  Password: string;
  ConfirmPassword: string;
}

/** PUT /v1/user/pass: the spec trims what is sent (§5); the new password has no spaces to trim. */
export function toPassBody(values: PasswordValues): PassBody {
  return {
    OldPassword: text(values.OldPassword),
    Password: values.Password,
    ConfirmPassword: values.ConfirmPassword,
  };
}

/** POST /v1/user/forgotPwd with the ticket verifiedForPwd gave for this number. */
export function toForgotBody(
  phone: string,
  ticket: string,
  values: Pick<PasswordValues, 'Password' | 'ConfirmPassword'>,
): ForgotPwdBody {
  return {
    Phone: phoneDigits(phone),
    Ticket: ticket,
    Password: values.Password,
    ConfirmPassword: values.ConfirmPassword,
  };
}

/** The field a server refusal is about, so the form marks it next to the toast. */
const FIELD_OF_CODE: Readonly<Record<number, string>> = {
  [ErrorCode.OldPasswordWrong]: 'OldPassword',
  [ErrorCode.PasswordWeak]: 'Password',
  [ErrorCode.PasswordFormat]: 'Password',
  [ErrorCode.PasswordUnchanged]: 'Password',
  [ErrorCode.PasswordsDiffer]: 'ConfirmPassword',
  [ErrorCode.EmailFormat]: 'Email',
  [ErrorCode.EmailRegistered]: 'Email',
  [ErrorCode.PhoneFormat]: 'Phone',
  [ErrorCode.PhoneBound]: 'Phone',
  [ErrorCode.VerificationCodeWrong]: 'Code',
  [ErrorCode.VerificationCodeInvalid]: 'Code',
};

export function fieldOfAccountError(code: number): string | undefined {
  return FIELD_OF_CODE[code];
}
