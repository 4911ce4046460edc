import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import {
  checkConfirmation,
  checkNewEmail,
  checkNewPassword,
  checkNewPhone,
  checkOldPassword,
  checkResetCode,
  checkSixDigitCode,
  fieldOfAccountError,
  phoneDigits,
  toForgotBody,
  toPassBody,
} from './account-rules.ts';

describe('password rules', () => {
  it('requires the old password', () => {
    expect(checkOldPassword('')).toBe('oldRequired');
    expect(checkOldPassword('   ')).toBe('oldRequired');
    expect(checkOldPassword('demo1234')).toBeNull();
  });

  it('asks a strong new password that differs from the old one (spec §5)', () => {
    expect(checkNewPassword(undefined)).toBe('passwordRequired');
    expect(checkNewPassword('abcdef')).toBe('passwordWeak');
    expect(checkNewPassword('abc12')).toBe('passwordWeak');
    expect(checkNewPassword('abc 12345')).toBe('passwordWeak');
    expect(checkNewPassword('abc123', 'demo1234')).toBeNull();
    expect(checkNewPassword('demo1234', 'demo1234')).toBe('passwordSame');
    // The old one is sent trimmed, so that is what it is compared as.
    expect(checkNewPassword('demo1234', ' demo1234 ')).toBe('passwordSame');
    expect(checkNewPassword('demo1234')).toBeNull();
  });

  it('wants the confirmation to repeat the new password', () => {
    expect(checkConfirmation('abc123', '')).toBe('confirmRequired');
    expect(checkConfirmation('abc123', 'abc124')).toBe('confirmMismatch');
    expect(checkConfirmation('abc123', 'abc123')).toBeNull();
  });

  it('builds the bodies the server takes', () => {
    expect(toPassBody({ OldPassword: ' old123 ', Password: 'new123', ConfirmPassword: 'new123' })).toEqual({
      OldPassword: 'old123',
      Password: 'new123',
      ConfirmPassword: 'new123',
    });
    expect(
      toForgotBody('+86 13800138000', 'ticket', { Password: 'new123', ConfirmPassword: 'new123' }),
    ).toEqual({
      Phone: '13800138000',
      Ticket: 'ticket',
      Password: 'new123',
      ConfirmPassword: 'new123',
    });
  });
});

describe('contact rules', () => {
  it('takes a new, well-formed e-mail address', () => {
    expect(checkNewEmail('')).toBe('emailRequired');
    expect(checkNewEmail('no-at-sign')).toBe('email');
    expect(checkNewEmail('Ops@Example.com', 'ops@example.com')).toBe('emailSame');
    expect(checkNewEmail(' new@example.com ', 'ops@example.com')).toBeNull();
  });

  it('takes a new mainland mobile number, whatever prefix it is typed with', () => {
    expect(checkNewPhone('')).toBe('phoneRequired');
    expect(checkNewPhone('12345')).toBe('phone');
    expect(checkNewPhone('12800138000')).toBe('phone');
    expect(checkNewPhone('+8613800138000', '13800138000')).toBe('phoneSame');
    expect(checkNewPhone('13900139000', '13800138000')).toBeNull();
    expect(checkNewPhone('13900139000')).toBeNull();
    expect(phoneDigits('86-13900139000')).toBe('13900139000');
  });
});

describe('codes', () => {
  it('asks 6 digits in the personal centre', () => {
    expect(checkSixDigitCode('')).toBe('codeRequired');
    expect(checkSixDigitCode('12345')).toBe('code6');
    expect(checkSixDigitCode('12345a')).toBe('code6');
    expect(checkSixDigitCode(' 123456 ')).toBeNull();
  });

  it('asks 5 characters for a forgotten password (spec §5)', () => {
    expect(checkResetCode('')).toBe('codeRequired');
    expect(checkResetCode('1234')).toBe('code5');
    expect(checkResetCode('123456')).toBe('code5');
    expect(checkResetCode('12345')).toBeNull();
    expect(checkResetCode('a1B2c')).toBeNull();
  });
});

describe('fieldOfAccountError', () => {
  it('points a refusal at the field it concerns', () => {
    expect(fieldOfAccountError(ErrorCode.OldPasswordWrong)).toBe('OldPassword');
    expect(fieldOfAccountError(ErrorCode.PasswordUnchanged)).toBe('Password');
    expect(fieldOfAccountError(ErrorCode.EmailRegistered)).toBe('Email');
    expect(fieldOfAccountError(ErrorCode.PhoneBound)).toBe('Phone');
    expect(fieldOfAccountError(ErrorCode.VerificationCodeInvalid)).toBe('Code');
    expect(fieldOfAccountError(ErrorCode.TooManyRequests)).toBeUndefined();
  });
});
