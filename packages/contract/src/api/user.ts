import { z } from 'zod';
import { listReply, pageQuery } from '../paging.ts';
import { ROUTE_ROLES } from '../roles.ts';
import { email, phoneNumber, strongPassword } from '../validators.ts';
import { ACCOUNT_NAME_LENGTH as NAME, PASSWORD_LENGTH as PASSWORD } from '../validators.ts';

/** spec §5: whitespace trimmed before sending; account name 4-12 chars, password 6-18. */
const nameLength = { error: `length ${NAME.min}-${NAME.max}` };
const passwordLength = { error: `length ${PASSWORD.min}-${PASSWORD.max}` };
export const accountName = z.string().trim().min(NAME.min, nameLength).max(NAME.max, nameLength);
export const loginPassword = z
  .string()
  .trim()
  .min(PASSWORD.min, passwordLength)
  .max(PASSWORD.max, passwordLength);
export const language = z.enum(['en', 'zh']);

export const loginBody = z.object({ Username: accountName, Password: loginPassword });
export type LoginBody = z.infer<typeof loginBody>;

export const operation = z.object({
  Certified: z.boolean(),
  Analysis: z.boolean(),
  Financial: z.boolean(),
  AddUser: z.boolean().optional(),
});

export const tenantSummary = z.object({
  _id: z.string(),
  Name: z.string(),
  Status: z.number().int(),
  Phone: z.string(),
  Operation: operation,
});

/** The login response of spec §3, plus the derived route roles and the session timeout. */
export const loginReply = z.object({
  Token: z.string(),
  LoginModel: z.enum(['cloud', 'controller']),
  Role: z.number().int(),
  Type: z.number().int(),
  Name: z.string(),
  Username: z.string(),
  Tenant: tenantSummary.nullable(),
  Operation: operation.nullable(),
  Roles: z.array(z.enum(ROUTE_ROLES)),
  Timeout: z.number().int(),
  Language: language,
  /** The tenant's logo for the top bar (null: the default), so sign-in needs no second call. */
  LogoPath: z.string().nullable(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const currentUser = z.object({
  _id: z.string(),
  Username: z.string(),
  Name: z.string(),
  Role: z.number().int(),
  Type: z.number().int(),
  Email: z.string(),
  Phone: z.string(),
  /** true when the account has a password set (spec §3 "password-set flag"). */
  Password: z.boolean(),
  LoginModel: z.enum(['cloud', 'controller']),
  Timeout: z.number().int(),
  Language: language,
  Roles: z.array(z.enum(ROUTE_ROLES)),
  Tenant: tenantSummary.nullable(),
  Operation: operation.nullable(),
  /** The tenant's logo for the top bar (a /files/logos/... path), null when none is set. */
  LogoPath: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const setLanBody = z.object({ language });
export const okReply = z.object({ ok: z.literal(true), message: z.string().optional() });

/** changeOnline: the reply of a successful sign-out has no onlineTime (spec §4). */
export const changeOnlineReply = z.object({ ok: z.boolean(), onlineTime: z.number().optional() });
export const changeOnlineTimeReply = z.object({ ok: z.literal(true), expiresAt: z.number().int() });

// ---- co-administrators (/user/list, role adduser; spec §6) ----

/** A sub-user's own permissions: AddUser is never granted to one (spec §6). */
export const coAdminOperation = z.object({
  Certified: z.boolean(),
  Analysis: z.boolean(),
  Financial: z.boolean(),
});

/** A person's display name (co-administrators, personal information). */
export const displayName = z.string().trim().min(1).max(32);
// The same rules as the personal centre's, so a form that passes is not refused by the server.
const optionalEmail = z.union([z.literal(''), email]);
const optionalPhone = z.union([z.literal(''), phoneNumber]);

/** The administrator names the tenant whose accounts it manages; a tenant's own is implied. */
const tenantChoice = z.string().min(1).max(64).optional();

export const addTeUserBody = z.object({
  TenantId: tenantChoice,
  Username: accountName,
  Password: loginPassword.pipe(strongPassword),
  Name: displayName,
  Email: optionalEmail.default(''),
  Phone: optionalPhone.default(''),
  Operation: coAdminOperation,
});
export type AddTeUserBody = z.infer<typeof addTeUserBody>;

export const updateUserBody = z.object({
  _id: z.string().min(1).max(64),
  Name: displayName.optional(),
  Email: optionalEmail.optional(),
  Phone: optionalPhone.optional(),
  Operation: coAdminOperation.optional(),
  /** 1 normal, 2 blocked (spec §3 account states); 0 (abandoned) is what DELETE disabled does. */
  Status: z.union([z.literal(1), z.literal(2)]).optional(),
  /** A new password set by the tenant for its sub-user. */
  Password: loginPassword.pipe(strongPassword).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const TENANT_USER_SORTS = [
  'CreateTime',
  '-CreateTime',
  'Username',
  '-Username',
  'Name',
  '-Name',
] as const;
export const tenantUserQuery = pageQuery.extend({
  TenantId: tenantChoice,
  sort: z.enum(TENANT_USER_SORTS).default('-CreateTime'),
  /** Search in account name and name. */
  search: z.string().trim().max(32).optional(),
});

export const tenantUserItem = z.object({
  _id: z.string(),
  Username: z.string(),
  Name: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Status: z.number().int(),
  Online: z.boolean(),
  Operation: coAdminOperation,
  LastLogin: z.number().nullable(),
  CreateTime: z.number(),
});
export type TenantUserItem = z.infer<typeof tenantUserItem>;
export const tenantUserList = listReply(tenantUserItem);
export const idParams = z.object({ id: z.string().min(1).max(64) });

// ---- accounts (POST /v1/user/add, GET /v1/user/list; docs/conventions.md "Accounts") ----

/** The administrator adds another administrator (role value 10, type 0). */
export const addAccountBody = z.object({
  Username: accountName,
  Password: loginPassword.pipe(strongPassword),
  Name: displayName,
  Email: optionalEmail.default(''),
  Phone: optionalPhone.default(''),
});
export type AddAccountBody = z.infer<typeof addAccountBody>;

export const ACCOUNT_SORTS = TENANT_USER_SORTS;
export const accountQuery = pageQuery.extend({
  sort: z.enum(ACCOUNT_SORTS).default('-CreateTime'),
  /** 0 administrator, 1 tenant owner, 2 co-administrator; all when absent. */
  Type: z.coerce.number().int().min(0).max(2).optional(),
  /** The administrator narrows to one tenant; a tenant's own list is always its own. */
  TenantId: tenantChoice,
  /** Search in account name and name. */
  search: z.string().trim().max(32).optional(),
});
export type AccountQuery = z.infer<typeof accountQuery>;

export const accountItem = z.object({
  _id: z.string(),
  Username: z.string(),
  Name: z.string(),
  Email: z.string(),
  Phone: z.string(),
  /** 1 tenant-side, 10 administrator. */
  Role: z.number().int(),
  /** 0 administrator, 1 tenant owner, 2 co-administrator. */
  Type: z.number().int(),
  Status: z.number().int(),
  Online: z.boolean(),
  /** The tenant the account belongs to; null for an administrator. */
  Tenant: z.object({ _id: z.string(), Name: z.string() }).nullable(),
  LastLogin: z.number().nullable(),
  CreateTime: z.number(),
});
export type AccountItem = z.infer<typeof accountItem>;
export const accountList = listReply(accountItem);
