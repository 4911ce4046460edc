// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginReply } from '@netconsole/contract';
import { readCookie } from './cookies.ts';
import {
  SESSION_KEYS,
  endSession,
  getSession,
  markRoamUsed,
  setSessionTimeout,
  startSession,
  takeTimedOutSession,
  touchSession,
} from './session.ts';

const reply = (patch: Partial<LoginReply> = {}): LoginReply => ({
  Token: 'token-1',
  LoginModel: 'cloud',
  Role: 1,
  Type: 1,
  Name: 'Demo Tenant',
  Username: 'demo',
  Tenant: {
    _id: 't1',
    Name: 'Demo Networks',
    Status: 1,
    Phone: '',
    Operation: { Certified: true, Analysis: false, Financial: false, AddUser: true },
  },
  Operation: null,
  Roles: ['user', 'certified', 'adduser'],
  Timeout: 3,
  Language: 'en',
  LogoPath: null,
  ...patch,
});

beforeEach(() => {
  vi.useFakeTimers();
  endSession();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('startSession', () => {
  it('keeps a normal tenant’s token for the browser session only', () => {
    startSession(reply());
    expect(sessionStorage.getItem(SESSION_KEYS.tokenCopy)).toBe('token-1');
    expect(localStorage.getItem(SESSION_KEYS.tokenCopy)).toBeNull();
    expect(readCookie('Token')).toBe('token-1');
  });

  it('stores the token persistently otherwise', () => {
    startSession(reply({ Tenant: null, Role: 10, Type: 0 }));
    expect(localStorage.getItem(SESSION_KEYS.tokenCopy)).toBe('token-1');
    expect(sessionStorage.getItem(SESSION_KEYS.tokenCopy)).toBeNull();
  });

  it('stores the role value, the time-out and the login flag, and holds the roles in memory', () => {
    startSession(reply({ Timeout: 30 }));
    expect(localStorage.getItem('roleValue')).toBe('1');
    expect(localStorage.getItem('timeout')).toBe('30');
    expect(localStorage.getItem('isLogin')).toBe('1');
    expect(getSession()).toEqual(
      expect.objectContaining({ token: 'token-1', roles: ['user', 'certified', 'adduser'], timedOut: false }),
    );
  });

  it('clears the roam flag a sign-out left', () => {
    markRoamUsed();
    startSession(reply());
    expect(getSession().roamUsed).toBe(false);
    expect(localStorage.getItem('roam')).toBeNull();
  });
});

describe('the client-side time-out', () => {
  it('lapses after Timeout minutes without a successful call, leaving the kk marker', () => {
    startSession(reply({ Timeout: 3 }));
    vi.advanceTimersByTime(3 * 60_000 - 1);
    expect(getSession().token).toBe('token-1');
    vi.advanceTimersByTime(1);
    expect(getSession()).toEqual(expect.objectContaining({ token: null, timedOut: true, roles: [] }));
    expect(localStorage.getItem('kk')).toBe('1');
    expect(readCookie('Token')).toBeNull();
  });

  it('slides with every successful call', () => {
    startSession(reply({ Timeout: 3 }));
    vi.advanceTimersByTime(2 * 60_000);
    touchSession();
    vi.advanceTimersByTime(2 * 60_000);
    expect(getSession().token).toBe('token-1');
  });

  it('respects activity in another tab, which moved the shared expiry on', () => {
    startSession(reply({ Timeout: 3 }));
    localStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 5 * 60_000));
    vi.advanceTimersByTime(3 * 60_000);
    expect(getSession().token).toBe('token-1');
    vi.advanceTimersByTime(2 * 60_000);
    expect(getSession().timedOut).toBe(true);
  });

  it('takes a new timeout at once: the stored setting, the idle timer and the account', () => {
    startSession(reply({ Timeout: 3 }));
    vi.advanceTimersByTime(2 * 60_000);
    setSessionTimeout(10);
    expect(localStorage.getItem(SESSION_KEYS.timeout)).toBe('10');
    expect(getSession().user?.Timeout).toBe(10);
    expect(Number(localStorage.getItem(SESSION_KEYS.expiresAt))).toBe(Date.now() + 10 * 60_000);
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(getSession().token).toBe('token-1');
    // Later calls slide by the new minutes too.
    touchSession();
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(getSession().token).toBe('token-1');
    vi.advanceTimersByTime(1);
    expect(getSession().timedOut).toBe(true);
  });

  it('ignores a timeout without a session or that is not a positive number', () => {
    setSessionTimeout(10);
    expect(localStorage.getItem(SESSION_KEYS.timeout)).toBeNull();
    startSession(reply({ Timeout: 3 }));
    setSessionTimeout(0);
    expect(getSession().user?.Timeout).toBe(3);
  });

  it('hands the lapsed token over once, to mark the account offline', () => {
    startSession(reply());
    vi.advanceTimersByTime(3 * 60_000);
    expect(takeTimedOutSession()).toEqual({ token: 'token-1' });
    expect(getSession().timedOut).toBe(false);
    expect(localStorage.getItem('kk')).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.tokenCopy)).toBeNull();
    expect(takeTimedOutSession()).toBeNull();
  });
});

describe('endSession', () => {
  it('forgets the sign-in but keeps the roam flag', () => {
    startSession(reply());
    markRoamUsed();
    endSession();
    expect(getSession()).toEqual(
      expect.objectContaining({ token: null, user: null, roles: [], roamUsed: true }),
    );
    expect(readCookie('Token')).toBeNull();
    expect(localStorage.getItem('roleValue')).toBeNull();
    expect(localStorage.getItem('roam')).toBe('1');
  });
});
