import {
  ErrorCode,
  isAccountName,
  isEmail,
  isMobilePhone,
  isStrongPassword,
  type AddTeUserBody,
  type TenantUserItem,
  type UpdateUserBody,
} from '@netconsole/contract';

/**
 * The co-administrator form's rules (POST addteUser / PUT update), from the contract's validators
 * so the form refuses what the server would. Each check returns the key of its message in the
 * `user` namespace's `form.error`, or null when the value is fine.
 */
export type FieldError =
  | 'usernameRequired'
  | 'usernameLength'
  | 'nameRequired'
  | 'nameLength'
  | 'passwordRequired'
  | 'passwordWeak'
  | 'confirmRequired'
  | 'confirmMismatch'
  | 'email'
  | 'phone';

/** The server's displayName: 1-32 characters once trimmed. */
export const NAME_MAX = 32;

/** The three permissions a co-administrator may hold; AddUser is never offered (spec §6). */
export const OPERATION_FLAGS = ['Certified', 'Analysis', 'Financial'] as const;
export type OperationFlag = (typeof OPERATION_FLAGS)[number];

export interface UserFormValues {
  Username: string;
  Name: string;
  Password: string;
  Confirm: string;
  Email: string;
  Phone: string;
  Certified: boolean;
  Analysis: boolean;
  Financial: boolean;
}

const text = (value: string | undefined | null) => (value ?? '').trim();

export function checkUsername(value: string | undefined): FieldError | null {
  if (!text(value)) return 'usernameRequired';
  return isAccountName(value ?? '') ? null : 'usernameLength';
}

export function checkName(value: string | undefined): FieldError | null {
  const name = text(value);
  if (!name) return 'nameRequired';
  return name.length <= NAME_MAX ? null : 'nameLength';
}

/** 6-18 visible characters mixing at least two of digits, letters and symbols. */
export function checkPassword(value: string | undefined): FieldError | null {
  if (!value) return 'passwordRequired';
  return isStrongPassword(value) ? null : 'passwordWeak';
}

export function checkConfirm(password: string | undefined, confirm: string | undefined): FieldError | null {
  if (!confirm) return 'confirmRequired';
  return confirm === password ? null : 'confirmMismatch';
}

/** Optional: empty, or an address. */
export function checkEmail(value: string | undefined): FieldError | null {
  const email = text(value);
  return !email || isEmail(email) ? null : 'email';
}

/** Optional: empty, or a mainland mobile number. */
export function checkPhone(value: string | undefined): FieldError | null {
  const phone = text(value);
  return !phone || isMobilePhone(phone) ? null : 'phone';
}

export function operationOf(
  values: Partial<Pick<UserFormValues, OperationFlag>>,
): AddTeUserBody['Operation'] {
  return {
    Certified: Boolean(values.Certified),
    Analysis: Boolean(values.Analysis),
    Financial: Boolean(values.Financial),
  };
}

/** The add form as POST addteUser's body: texts trimmed as the spec asks (§5), no confirm. */
export function toAddBody(values: UserFormValues): AddTeUserBody {
  return {
    Username: text(values.Username),
    Password: values.Password,
    Name: text(values.Name),
    Email: text(values.Email),
    Phone: text(values.Phone),
    Operation: operationOf(values),
  };
}

/** The edit form as PUT update's body: the account name and the password are not changed here. */
export function toUpdateBody(id: string, values: UserFormValues): UpdateUserBody {
  return {
    _id: id,
    Name: text(values.Name),
    Email: text(values.Email),
    Phone: text(values.Phone),
    Operation: operationOf(values),
  };
}

/** The form's starting values: empty for a new account, the row's for an edit. */
export function initialValues(user?: TenantUserItem): UserFormValues {
  return {
    Username: user?.Username ?? '',
    Name: user?.Name ?? '',
    Password: '',
    Confirm: '',
    Email: user?.Email ?? '',
    Phone: user?.Phone ?? '',
    Certified: user?.Operation.Certified ?? false,
    Analysis: user?.Operation.Analysis ?? false,
    Financial: user?.Operation.Financial ?? false,
  };
}

/** The field a server refusal is about, so the form can mark it next to the toast. */
const FIELD_OF_CODE: Readonly<Record<number, keyof UserFormValues>> = {
  [ErrorCode.AccountExists]: 'Username',
  [ErrorCode.AccountNameFormat]: 'Username',
  [ErrorCode.AccountNameDuplicated]: 'Name',
  [ErrorCode.PasswordWeak]: 'Password',
  [ErrorCode.PasswordFormat]: 'Password',
  [ErrorCode.EmailFormat]: 'Email',
  [ErrorCode.PhoneFormat]: 'Phone',
};

export function fieldOfErrorCode(code: number): keyof UserFormValues | undefined {
  return FIELD_OF_CODE[code];
}
