/** Tenants, managed by the administrator (role value 10): spec §3 Tenant, §7 TENANT, §8 25xxx. */
import { z } from 'zod';
import { listReply, pageQuery } from '../paging.ts';
import { email, strongPassword } from '../validators.ts';
import { phoneNumber } from '../validators.ts';
import { accountName, displayName, loginPassword } from './user.ts';

/** A discount in percent off the list price: 0 none, 100 free. */
const percent = z.number().int().min(0).max(100);

/** spec §3 "Tenant: level with device, SMS, cloud discounts". */
export const tenantLevel = z.object({ Device: percent, Sms: percent, Cloud: percent });
export type TenantLevel = z.infer<typeof tenantLevel>;

/** A tenant's Operation always says whether it may add sub-users (spec §6). */
export const tenantOperationFields = z.object({
  Certified: z.boolean(),
  Analysis: z.boolean(),
  Financial: z.boolean(),
  AddUser: z.boolean(),
});

export const tenantName = z.string().trim().min(1).max(64);
/** Unix milliseconds. */
const instant = z.number().int().min(0);

/** Creates the tenant and its owner account together. */
export const addTenantBody = z.object({
  Username: accountName,
  Password: loginPassword.pipe(strongPassword),
  Name: tenantName,
  /** The owner's display name; the tenant's Name when absent. */
  Contact: displayName.optional(),
  Phone: phoneNumber,
  Email: email,
  Operation: tenantOperationFields,
  Level: tenantLevel.default({ Device: 0, Sms: 0, Cloud: 0 }),
  ServiceStart: instant,
  ServiceEnd: instant,
});
export type AddTenantBody = z.infer<typeof addTenantBody>;

export const updateTenantBody = z.object({
  _id: z.string().min(1).max(64),
  Name: tenantName.optional(),
  Phone: phoneNumber.optional(),
  Email: email.optional(),
  Operation: tenantOperationFields.optional(),
  Level: tenantLevel.optional(),
  ServiceStart: instant.optional(),
  ServiceEnd: instant.optional(),
  /** 1 normal, 2 blocked; 0 (abandoned) is what DELETE disabled/{id} does. */
  Status: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type UpdateTenantBody = z.infer<typeof updateTenantBody>;

export const TENANT_SORTS = [
  'CreateTime',
  '-CreateTime',
  'Name',
  '-Name',
  'ServiceEnd',
  '-ServiceEnd',
] as const;
export const tenantListQuery = pageQuery.extend({
  sort: z.enum(TENANT_SORTS).default('-CreateTime'),
  /** Search in the tenant's name, phone and e-mail. */
  search: z.string().trim().max(64).optional(),
  /** Only tenants in this state; without it, every tenant but the abandoned ones. */
  Status: z.coerce
    .number()
    .int()
    .refine((s) => s === 0 || s === 1 || s === 2, { error: '0, 1 or 2' })
    .optional(),
});
export type TenantListQuery = z.infer<typeof tenantListQuery>;

export const tenantItem = z.object({
  _id: z.string(),
  Name: z.string(),
  Status: z.number().int(),
  Phone: z.string(),
  Email: z.string(),
  Operation: tenantOperationFields,
  Level: tenantLevel,
  ServiceStart: z.number().nullable(),
  ServiceEnd: z.number().nullable(),
  LogoPath: z.string().nullable(),
  CreateTime: z.number(),
  Owner: z.object({ _id: z.string(), Username: z.string(), Name: z.string() }).nullable(),
});
export type TenantItem = z.infer<typeof tenantItem>;
export const tenantList = listReply(tenantItem);

export const tenantNamesReply = z.object({ list: z.array(z.object({ _id: z.string(), Name: z.string() })) });
export type TenantNamesReply = z.infer<typeof tenantNamesReply>;

export const weChatUrlQuery = z.object({ id: z.string().min(1).max(64) });
export const weChatUrlReply = z.object({ Tenant: z.string(), Url: z.string() });
export type WeChatUrlReply = z.infer<typeof weChatUrlReply>;
