import { describe, expect, it } from 'vitest';
import { ErrorCode, addTeUserBody, updateUserBody, type TenantUserItem } from '@netconsole/contract';
import {
  checkConfirm,
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  checkUsername,
  fieldOfErrorCode,
  initialValues,
  toAddBody,
  toUpdateBody,
  type UserFormValues,
} from './user-form-rules.ts';

const filled: UserFormValues = {
  Username: '  ops01 ',
  Name: ' Night shift ',
  Password: 'abc123',
  Confirm: 'abc123',
  Email: ' ops@example.com ',
  Phone: ' 13800138000',
  Certified: true,
  Analysis: false,
  Financial: true,
};

describe('account name', () => {
  it('is required and 4 to 12 characters once trimmed', () => {
    expect(checkUsername(undefined)).toBe('usernameRequired');
    expect(checkUsername('   ')).toBe('usernameRequired');
    expect(checkUsername('abc')).toBe('usernameLength');
    expect(checkUsername(' abc ')).toBe('usernameLength');
    expect(checkUsername('abcd')).toBeNull();
    expect(checkUsername('abcdefghijkl')).toBeNull();
    expect(checkUsername('abcdefghijklm')).toBe('usernameLength');
  });
});

describe('name', () => {
  it('is required and at most 32 characters once trimmed', () => {
    expect(checkName('')).toBe('nameRequired');
    expect(checkName('  ')).toBe('nameRequired');
    expect(checkName('张三')).toBeNull();
    expect(checkName('x'.repeat(32))).toBeNull();
    expect(checkName(` ${'x'.repeat(32)} `)).toBeNull();
    expect(checkName('x'.repeat(33))).toBe('nameLength');
  });
});

describe('password', () => {
  it('is 6-18 characters mixing at least two of digits, letters and symbols', () => {
    expect(checkPassword('')).toBe('passwordRequired');
    expect(checkPassword(undefined)).toBe('passwordRequired');
    expect(checkPassword('abcdef')).toBe('passwordWeak');
    expect(checkPassword('123456')).toBe('passwordWeak');
    expect(checkPassword('!@#$%^')).toBe('passwordWeak');
    expect(checkPassword('ab12')).toBe('passwordWeak');
    expect(checkPassword('abc123')).toBeNull();
    expect(checkPassword('123!@#')).toBeNull();
    expect(checkPassword('abc!def')).toBeNull();
    expect(checkPassword(`a1${'x'.repeat(16)}`)).toBeNull();
    expect(checkPassword(`a1${'x'.repeat(17)}`)).toBe('passwordWeak');
    expect(checkPassword('abc 123')).toBe('passwordWeak');
  });

  it('must be confirmed by the same text', () => {
    expect(checkConfirm('abc123', '')).toBe('confirmRequired');
    expect(checkConfirm('abc123', undefined)).toBe('confirmRequired');
    expect(checkConfirm('abc123', 'abc124')).toBe('confirmMismatch');
    expect(checkConfirm('abc123', 'ABC123')).toBe('confirmMismatch');
    expect(checkConfirm('abc123', 'abc123')).toBeNull();
    expect(checkConfirm(undefined, 'abc123')).toBe('confirmMismatch');
  });
});

describe('contact details', () => {
  it('e-mail may be empty, else an address', () => {
    expect(checkEmail('')).toBeNull();
    expect(checkEmail(undefined)).toBeNull();
    expect(checkEmail('   ')).toBeNull();
    expect(checkEmail('ops@example.com')).toBeNull();
    expect(checkEmail(' ops@example.com ')).toBeNull();
    expect(checkEmail('ops@')).toBe('email');
    expect(checkEmail('ops.example.com')).toBe('email');
  });

  it('phone may be empty, else a mainland mobile number', () => {
    expect(checkPhone('')).toBeNull();
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkPhone('+8613800138000')).toBeNull();
    expect(checkPhone('12800138000')).toBe('phone');
    expect(checkPhone('1380013800')).toBe('phone');
    expect(checkPhone('phone')).toBe('phone');
  });
});

describe('request bodies', () => {
  it('the add body is trimmed, has no confirmation and passes the server schema', () => {
    const body = toAddBody(filled);
    expect(body).toEqual({
      Username: 'ops01',
      Password: 'abc123',
      Name: 'Night shift',
      Email: 'ops@example.com',
      Phone: '13800138000',
      Operation: { Certified: true, Analysis: false, Financial: true },
    });
    expect(addTeUserBody.safeParse(body).success).toBe(true);
  });

  it('never grants AddUser', () => {
    const withExtra = { ...filled, AddUser: true } as UserFormValues;
    expect(toAddBody(withExtra).Operation).not.toHaveProperty('AddUser');
    expect(toUpdateBody('id1', withExtra).Operation).not.toHaveProperty('AddUser');
  });

  it('the edit body leaves the account name and password alone', () => {
    const body = toUpdateBody('u1', { ...filled, Email: '', Phone: '' });
    expect(body).toEqual({
      _id: 'u1',
      Name: 'Night shift',
      Email: '',
      Phone: '',
      Operation: { Certified: true, Analysis: false, Financial: true },
    });
    expect(updateUserBody.safeParse(body).success).toBe(true);
  });

  it('an edit starts from the row, an add from nothing', () => {
    const user: TenantUserItem = {
      _id: 'u1',
      Username: 'ops01',
      Name: 'Ops',
      Email: 'ops@example.com',
      Phone: '',
      Status: 1,
      Online: false,
      Operation: { Certified: false, Analysis: true, Financial: false },
      LastLogin: null,
      CreateTime: 1,
    };
    expect(initialValues(user)).toMatchObject({
      Username: 'ops01',
      Name: 'Ops',
      Password: '',
      Analysis: true,
    });
    expect(initialValues()).toMatchObject({
      Username: '',
      Certified: false,
      Analysis: false,
      Financial: false,
    });
  });
});

describe('server refusals', () => {
  it('point at the field they concern', () => {
    expect(fieldOfErrorCode(ErrorCode.AccountExists)).toBe('Username');
    expect(fieldOfErrorCode(ErrorCode.AccountNameDuplicated)).toBe('Name');
    expect(fieldOfErrorCode(ErrorCode.PasswordWeak)).toBe('Password');
    expect(fieldOfErrorCode(ErrorCode.EmailFormat)).toBe('Email');
    expect(fieldOfErrorCode(ErrorCode.PhoneFormat)).toBe('Phone');
    expect(fieldOfErrorCode(ErrorCode.NoAccessRights)).toBeUndefined();
  });
});
