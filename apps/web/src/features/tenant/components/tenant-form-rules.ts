import {
  ErrorCode,
  isAccountName,
  isEmail,
  isMobilePhone,
  isStrongPassword,
  type AddTenantBody,
  type TenantItem,
  type UpdateTenantBody,
} from '@netconsole/contract';

/**
 * The tenant form's rules (POST /v1/tenant/add, PUT /v1/tenant/update), from the contract's
 * validators so the form refuses what the server would. Each check returns the key of its message
 * under `tenant-list:form.error`, or null. Dates are Unix ms of a chosen day: the service period
 * runs from the start of its first day to the end of its last.
 */
export type TenantFieldError =
  | 'nameRequired'
  | 'nameLength'
  | 'contactLength'
  | 'usernameRequired'
  | 'usernameLength'
  | 'passwordRequired'
  | 'passwordWeak'
  | 'confirmRequired'
  | 'confirmMismatch'
  | 'phoneRequired'
  | 'phone'
  | 'emailRequired'
  | 'email'
  | 'discount'
  | 'startRequired'
  | 'startBeforeToday'
  | 'endRequired'
  | 'endBeforeStart';

/** The contract's tenantName and displayName. */
export const TENANT_NAME_MAX = 64;
export const CONTACT_MAX = 32;

export const TENANT_OPERATIONS = ['Certified', 'Analysis', 'Financial', 'AddUser'] as const;
export type TenantOperation = (typeof TENANT_OPERATIONS)[number];
export const DISCOUNTS = ['Device', 'Sms', 'Cloud'] as const;
export type Discount = (typeof DISCOUNTS)[number];

export interface TenantFormValues {
  Name: string;
  /** The owner's display name; the tenant's name when left empty. */
  Contact: string;
  Username: string;
  Password: string;
  Confirm: string;
  Phone: string;
  Email: string;
  Certified: boolean;
  Analysis: boolean;
  Financial: boolean;
  AddUser: boolean;
  Device: number | null;
  Sms: number | null;
  Cloud: number | null;
  /** Midnight (local) of the first day, Unix ms. */
  ServiceStart: number | null;
  /** Midnight (local) of the last day, Unix ms. */
  ServiceEnd: number | null;
}

const text = (value: string | undefined | null) => (value ?? '').trim();

export function checkTenantName(value: string | undefined): TenantFieldError | null {
  const name = text(value);
  if (!name) return 'nameRequired';
  return name.length <= TENANT_NAME_MAX ? null : 'nameLength';
}

export function checkContact(value: string | undefined): TenantFieldError | null {
  return text(value).length <= CONTACT_MAX ? null : 'contactLength';
}

export function checkUsername(value: string | undefined): TenantFieldError | null {
  if (!text(value)) return 'usernameRequired';
  return isAccountName(value ?? '') ? null : 'usernameLength';
}

export function checkPassword(value: string | undefined): TenantFieldError | null {
  if (!value) return 'passwordRequired';
  return isStrongPassword(value) ? null : 'passwordWeak';
}

export function checkConfirm(
  password: string | undefined,
  confirm: string | undefined,
): TenantFieldError | null {
  if (!confirm) return 'confirmRequired';
  return confirm === password ? null : 'confirmMismatch';
}

/** Required: the owner recovers a forgotten password with it. */
export function checkPhone(value: string | undefined): TenantFieldError | null {
  const phone = text(value);
  if (!phone) return 'phoneRequired';
  return isMobilePhone(phone) ? null : 'phone';
}

export function checkEmail(value: string | undefined): TenantFieldError | null {
  const email = text(value);
  if (!email) return 'emailRequired';
  return isEmail(email) ? null : 'email';
}

/** Percent off the list price: a whole number from 0 (none) to 100 (free). */
export function checkDiscount(value: number | null | undefined): TenantFieldError | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100
    ? null
    : 'discount';
}

/** Midnight (local) of the day `time` falls in. */
export function startOfDay(time: number): number {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** The last millisecond of the day `time` falls in. */
export function endOfDay(time: number): number {
  const day = new Date(time);
  day.setHours(23, 59, 59, 999);
  return day.getTime();
}

/**
 * spec §8 25004: a start newly set may not lie before today. `kept` is the start the tenant has
 * already: keeping that day is fine even when it is past.
 */
export function checkServiceStart(
  start: number | null,
  now: number,
  kept?: number | null,
): TenantFieldError | null {
  if (start === null) return 'startRequired';
  if (kept != null && startOfDay(kept) === startOfDay(start)) return null;
  return startOfDay(start) < startOfDay(now) ? 'startBeforeToday' : null;
}

/** spec §8 25005: the last day may not come before the first (one day is a period too). */
export function checkServiceEnd(end: number | null, start: number | null): TenantFieldError | null {
  if (end === null) return 'endRequired';
  return start !== null && startOfDay(end) < startOfDay(start) ? 'endBeforeStart' : null;
}

/**
 * The first instant of the period: the chosen day's midnight, but "now" for today. The server
 * compares a start with midnight of its own day (25004); a browser east of the server would
 * otherwise send a midnight that lies before it.
 */
export function serviceStartOf(day: number, now: number): number {
  return startOfDay(day) === startOfDay(now) ? now : startOfDay(day);
}

function operationOf(values: TenantFormValues): AddTenantBody['Operation'] {
  return {
    Certified: Boolean(values.Certified),
    Analysis: Boolean(values.Analysis),
    Financial: Boolean(values.Financial),
    AddUser: Boolean(values.AddUser),
  };
}

function levelOf(values: TenantFormValues): AddTenantBody['Level'] {
  return { Device: values.Device ?? 0, Sms: values.Sms ?? 0, Cloud: values.Cloud ?? 0 };
}

/** The add form as POST /v1/tenant/add's body (the form has checked every field). */
export function toAddTenantBody(values: TenantFormValues, now: number): AddTenantBody {
  const contact = text(values.Contact);
  return {
    Username: text(values.Username),
    Password: values.Password,
    Name: text(values.Name),
    ...(contact && { Contact: contact }),
    Phone: text(values.Phone),
    Email: text(values.Email),
    Operation: operationOf(values),
    Level: levelOf(values),
    ServiceStart: serviceStartOf(values.ServiceStart!, now),
    ServiceEnd: endOfDay(values.ServiceEnd!),
  };
}

/**
 * The edit form as PUT /v1/tenant/update's body. The period's days are sent only when changed:
 * the server checks a start it is sent against today, and an unchanged past start must stay.
 */
export function toUpdateTenantBody(
  tenant: TenantItem,
  values: TenantFormValues,
  now: number,
): UpdateTenantBody {
  const sameDay = (a: number | null, b: number | null) =>
    a !== null && b !== null && startOfDay(a) === startOfDay(b);
  return {
    _id: tenant._id,
    Name: text(values.Name),
    Phone: text(values.Phone),
    Email: text(values.Email),
    Operation: operationOf(values),
    Level: levelOf(values),
    ...(values.ServiceStart !== null &&
      !sameDay(values.ServiceStart, tenant.ServiceStart) && {
        ServiceStart: serviceStartOf(values.ServiceStart, now),
      }),
    ...(values.ServiceEnd !== null &&
      !sameDay(values.ServiceEnd, tenant.ServiceEnd) && { ServiceEnd: endOfDay(values.ServiceEnd) }),
  };
}

/** The form's starting values: a new tenant gets every right, no discount and a year from today. */
export function initialTenantValues(now: number, tenant?: TenantItem): TenantFormValues {
  const inAYear = new Date(now);
  inAYear.setFullYear(inAYear.getFullYear() + 1);
  return {
    Name: tenant?.Name ?? '',
    Contact: '',
    Username: '',
    Password: '',
    Confirm: '',
    Phone: tenant?.Phone ?? '',
    Email: tenant?.Email ?? '',
    Certified: tenant?.Operation.Certified ?? true,
    Analysis: tenant?.Operation.Analysis ?? true,
    Financial: tenant?.Operation.Financial ?? true,
    AddUser: tenant?.Operation.AddUser ?? true,
    Device: tenant?.Level.Device ?? 0,
    Sms: tenant?.Level.Sms ?? 0,
    Cloud: tenant?.Level.Cloud ?? 0,
    ServiceStart: tenant
      ? tenant.ServiceStart !== null
        ? startOfDay(tenant.ServiceStart)
        : null
      : startOfDay(now),
    ServiceEnd: tenant
      ? tenant.ServiceEnd !== null
        ? startOfDay(tenant.ServiceEnd)
        : null
      : startOfDay(inAYear.getTime()),
  };
}

/** The field a server refusal is about, so the form marks it next to the toast. */
const FIELD_OF_CODE: Readonly<Record<number, keyof TenantFormValues>> = {
  [ErrorCode.AccountExists]: 'Username',
  [ErrorCode.AccountNameFormat]: 'Username',
  [ErrorCode.PasswordWeak]: 'Password',
  [ErrorCode.PasswordFormat]: 'Password',
  [ErrorCode.EmailRegistered]: 'Email',
  [ErrorCode.PhoneBound]: 'Phone',
  [ErrorCode.ServiceStartNotAfterToday]: 'ServiceStart',
  [ErrorCode.ServiceEndBeforeStart]: 'ServiceEnd',
};

export function fieldOfTenantError(code: number): keyof TenantFormValues | undefined {
  return FIELD_OF_CODE[code];
}

/** 'expired' once the last day is over, 'active' while it runs, null without a period. */
export function serviceState(
  tenant: Pick<TenantItem, 'ServiceEnd'>,
  now: number,
): 'active' | 'expired' | null {
  if (tenant.ServiceEnd === null) return null;
  return tenant.ServiceEnd < now ? 'expired' : 'active';
}
