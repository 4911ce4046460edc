import { describe, expect, it } from 'vitest';
import { ErrorCode, type TenantItem } from '@netconsole/contract';
import {
  checkConfirm,
  checkContact,
  checkDiscount,
  checkEmail,
  checkPassword,
  checkPhone,
  checkServiceEnd,
  checkServiceStart,
  checkTenantName,
  checkUsername,
  endOfDay,
  fieldOfTenantError,
  initialTenantValues,
  serviceState,
  startOfDay,
  toAddTenantBody,
  toUpdateTenantBody,
  type TenantFormValues,
} from './tenant-form-rules.ts';

const day = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();
const NOW = day(2026, 11, 22, 15);

const tenant: TenantItem = {
  _id: 't1',
  Name: 'Demo Networks',
  Status: 1,
  Phone: '13800138000',
  Email: 'demo@example.com',
  Operation: { Certified: true, Analysis: false, Financial: true, AddUser: true },
  Level: { Device: 10, Sms: 0, Cloud: 5 },
  ServiceStart: day(2026, 1, 1),
  ServiceEnd: endOfDay(day(2026, 12, 31)),
  LogoPath: null,
  CreateTime: day(2026, 1, 1),
  Owner: { _id: 'u1', Username: 'demo', Name: 'Demo Tenant' },
};

describe('field rules', () => {
  it('asks a tenant name of at most 64 characters', () => {
    expect(checkTenantName(' ')).toBe('nameRequired');
    expect(checkTenantName('x'.repeat(65))).toBe('nameLength');
    expect(checkTenantName('Acme')).toBeNull();
    expect(checkContact('')).toBeNull();
    expect(checkContact('x'.repeat(33))).toBe('contactLength');
  });

  it('asks the owner account as the login form does', () => {
    expect(checkUsername('')).toBe('usernameRequired');
    expect(checkUsername('abc')).toBe('usernameLength');
    expect(checkUsername('acme')).toBeNull();
    expect(checkPassword('')).toBe('passwordRequired');
    expect(checkPassword('abcdefg')).toBe('passwordWeak');
    expect(checkPassword('acme1234')).toBeNull();
    expect(checkConfirm('acme1234', '')).toBe('confirmRequired');
    expect(checkConfirm('acme1234', 'acme1235')).toBe('confirmMismatch');
    expect(checkConfirm('acme1234', 'acme1234')).toBeNull();
  });

  it('requires the phone and e-mail, well-formed', () => {
    expect(checkPhone('')).toBe('phoneRequired');
    expect(checkPhone('1380013800')).toBe('phone');
    expect(checkPhone('+86 13800138000')).toBeNull();
    expect(checkEmail('')).toBe('emailRequired');
    expect(checkEmail('acme@')).toBe('email');
    expect(checkEmail('ops@acme.cn')).toBeNull();
  });

  it('takes discounts as whole percents from 0 to 100', () => {
    expect(checkDiscount(0)).toBeNull();
    expect(checkDiscount(100)).toBeNull();
    expect(checkDiscount(101)).toBe('discount');
    expect(checkDiscount(-1)).toBe('discount');
    expect(checkDiscount(2.5)).toBe('discount');
    expect(checkDiscount(null)).toBe('discount');
  });
});

describe('the service period', () => {
  it('starts today or later (25004), unless the start is the one kept from before', () => {
    expect(checkServiceStart(null, NOW)).toBe('startRequired');
    expect(checkServiceStart(day(2026, 11, 21), NOW)).toBe('startBeforeToday');
    expect(checkServiceStart(day(2026, 11, 22), NOW)).toBeNull();
    expect(checkServiceStart(day(2026, 11, 23), NOW)).toBeNull();
    expect(checkServiceStart(day(2026, 1, 1), NOW, day(2026, 1, 1))).toBeNull();
    expect(checkServiceStart(day(2026, 1, 2), NOW, day(2026, 1, 1))).toBe('startBeforeToday');
  });

  it('ends on the first day or later (25005)', () => {
    expect(checkServiceEnd(null, day(2026, 11, 22))).toBe('endRequired');
    expect(checkServiceEnd(day(2026, 11, 21), day(2026, 11, 22))).toBe('endBeforeStart');
    expect(checkServiceEnd(day(2026, 11, 22), day(2026, 11, 22))).toBeNull();
    expect(checkServiceEnd(day(2027, 11, 22), null)).toBeNull();
  });

  it('tells an expired period from a running one', () => {
    expect(serviceState({ ServiceEnd: null }, NOW)).toBeNull();
    expect(serviceState({ ServiceEnd: endOfDay(day(2026, 11, 21)) }, NOW)).toBe('expired');
    expect(serviceState({ ServiceEnd: endOfDay(day(2026, 11, 22)) }, NOW)).toBe('active');
  });
});

describe('bodies', () => {
  const values = (patch: Partial<TenantFormValues> = {}): TenantFormValues => ({
    ...initialTenantValues(NOW),
    Name: ' Acme ',
    Username: ' acme ',
    Password: 'acme1234',
    Confirm: 'acme1234',
    Phone: '13900139000',
    Email: ' ops@acme.cn ',
    ...patch,
  });

  it('starts a new tenant with every right, no discount and a year from today', () => {
    expect(initialTenantValues(NOW)).toEqual(
      expect.objectContaining({
        Certified: true,
        Analysis: true,
        Financial: true,
        AddUser: true,
        Device: 0,
        ServiceStart: day(2026, 11, 22),
        ServiceEnd: day(2027, 11, 22),
      }),
    );
  });

  it('adds: trimmed texts, the period from the first day’s start to the last day’s end', () => {
    const body = toAddTenantBody(values({ Contact: '  ', Device: 10, Analysis: false }), NOW);
    expect(body).toEqual({
      Username: 'acme',
      Password: 'acme1234',
      Name: 'Acme',
      Phone: '13900139000',
      Email: 'ops@acme.cn',
      Operation: { Certified: true, Analysis: false, Financial: true, AddUser: true },
      Level: { Device: 10, Sms: 0, Cloud: 0 },
      // Today's start is now: the server's "today" may have begun later than the browser's.
      ServiceStart: NOW,
      ServiceEnd: endOfDay(day(2027, 11, 22)),
    });
    expect(toAddTenantBody(values({ ServiceStart: day(2026, 12, 1) }), NOW).ServiceStart).toBe(
      day(2026, 12, 1),
    );
    expect(toAddTenantBody(values({ Contact: ' Zhang San ' }), NOW).Contact).toBe('Zhang San');
  });

  it('edits: starts from the tenant and sends the period only where a day changed', () => {
    const start = initialTenantValues(NOW, tenant);
    expect(start).toEqual(
      expect.objectContaining({
        Name: 'Demo Networks',
        Analysis: false,
        Device: 10,
        Cloud: 5,
        ServiceStart: day(2026, 1, 1),
        ServiceEnd: day(2026, 12, 31),
      }),
    );
    const unchanged = toUpdateTenantBody(tenant, start, NOW);
    expect(unchanged).not.toHaveProperty('ServiceStart');
    expect(unchanged).not.toHaveProperty('ServiceEnd');
    expect(unchanged).toEqual(
      expect.objectContaining({ _id: 't1', Name: 'Demo Networks', Level: { Device: 10, Sms: 0, Cloud: 5 } }),
    );
    const longer = toUpdateTenantBody(tenant, { ...start, ServiceEnd: day(2027, 12, 31) }, NOW);
    expect(longer.ServiceEnd).toBe(endOfDay(day(2027, 12, 31)));
    expect(longer).not.toHaveProperty('ServiceStart');
    expect(toUpdateTenantBody(tenant, { ...start, ServiceStart: day(2026, 11, 22) }, NOW).ServiceStart).toBe(
      NOW,
    );
  });

  it('gives a tenant without a period none to start with', () => {
    const none = { ...tenant, ServiceStart: null, ServiceEnd: null };
    expect(initialTenantValues(NOW, none)).toEqual(
      expect.objectContaining({ ServiceStart: null, ServiceEnd: null }),
    );
    expect(startOfDay(day(2026, 3, 4, 18))).toBe(day(2026, 3, 4));
  });

  it('points a refusal at its field', () => {
    expect(fieldOfTenantError(ErrorCode.AccountExists)).toBe('Username');
    expect(fieldOfTenantError(ErrorCode.EmailRegistered)).toBe('Email');
    expect(fieldOfTenantError(ErrorCode.PhoneBound)).toBe('Phone');
    expect(fieldOfTenantError(ErrorCode.ServiceStartNotAfterToday)).toBe('ServiceStart');
    expect(fieldOfTenantError(ErrorCode.ServiceEndBeforeStart)).toBe('ServiceEnd');
    expect(fieldOfTenantError(ErrorCode.TenantInUse)).toBeUndefined();
  });
});
