import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  SESSION_ENDING_CODES,
  SUCCESS_CODES,
  errorCatalogue,
  errorText,
  httpStatusFor,
  httpStatusTable,
  isAppErrorCode,
  isSuccessCode,
} from './errors.ts';

const CJK = /[\u4e00-\u9fff]/;
const codes = Object.values(ErrorCode) as number[];
const catalogued = Object.keys(errorCatalogue).map(Number);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('ErrorCode', () => {
  it('keeps the names and numbers the server already uses', () => {
    expect(ErrorCode).toMatchObject({
      ValidationFailed: 4000,
      NotSignedIn: 4010,
      LoggedInElsewhere: 4011,
      NoAccessRights: 4012,
      NotFound: 4040,
      MethodNotAllowed: 4050,
      BodyTooLarge: 4130,
      UnsupportedMedia: 4150,
      TooManyRequests: 4290,
      Internal: 5000,
      StoreUnavailable: 5030,
      UserNotExist: 11001,
      AccountOrPasswordError: 11005,
      AccountNameDuplicated: 11007,
      AccountExists: 11011,
      AccountExpired: 11012,
      LoginSuccess: 11014,
      TenantAbnormal: 11017,
      PasswordChanged: 11018,
      UserAbnormal: 11019,
      SignInLocked: 11020,
      LoginRoleNotAllowed: 11021,
      AccountNameFormat: 11022,
      PasswordFormat: 11023,
      DeviceNoPermission: 12006,
      FirmwareNoPermission: 15007,
      DeleteSuccess: 20010,
    });
  });

  it('numbers every transport code after its HTTP status (status × 10 + n)', () => {
    // 4012 "no access rights" is the spec's own number (§8) and answers 403.
    for (const code of codes.filter((c) => c < 10000 && c !== ErrorCode.NoAccessRights)) {
      expect(Math.floor(code / 10), String(code)).toBe(httpStatusFor(code));
    }
  });

  it('gives every number exactly one name', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses PascalCase names', () => {
    for (const name of Object.keys(ErrorCode)) expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
  });

  it('covers every code and range spec §8 names', () => {
    const required = [
      ...[11001, 11005, 11007, 11011, 11012, 11014, 11017, 11018, 11019],
      ...range(11020, 11026),
      ...range(12001, 12010),
      ...range(12100, 12145),
      ...range(13001, 13004),
      ...range(14001, 14013),
      ...range(15001, 15008),
      ...range(16001, 16006),
      ...range(17001, 17007),
      ...range(18001, 18004),
      19001,
      20001,
      20002,
      20010,
      ...range(21001, 21003),
      23001,
      ...range(24001, 24012),
      ...range(24100, 24102),
      ...range(25001, 25006),
      ...range(26001, 26003),
    ];
    const missing = required.filter((c) => !codes.includes(c));
    expect(missing).toEqual([]);
  });

  it('has 46 registration and update codes in 12100-12145 and nothing else in the 12xxx range', () => {
    const registration = codes.filter((c) => c >= 12100 && c <= 12199);
    expect(registration).toEqual(range(12100, 12145));
    expect(codes.filter((c) => c >= 12000 && c < 13000)).toHaveLength(56);
  });

  it('keeps the spec meanings at fixed numbers', () => {
    expect(errorText(12006, 'en')).toMatch(/permission/i);
    expect(errorText(15007, 'en')).toMatch(/permission/i);
    expect(errorText(15008, 'en')).toMatch(/path/i);
    expect(errorText(12001, 'en')).toMatch(/MAC/);
    expect(errorText(14013, 'en')).toMatch(/history/i);
    expect(errorText(24102, 'en')).toMatch(/offline time/i);
    expect(errorText(26003, 'en')).toMatch(/activate/i);
  });
});

describe('errorCatalogue', () => {
  it('has an entry for every code and a code for every entry', () => {
    expect([...catalogued].sort()).toEqual([...codes].sort());
  });

  it('has non-empty trimmed texts, Chinese in zh and none in en', () => {
    for (const code of catalogued) {
      const { en, zh } = errorCatalogue[code]!;
      expect(en.trim(), `${code} en`).toBe(en);
      expect(zh.trim(), `${code} zh`).toBe(zh);
      expect(en.length, `${code} en`).toBeGreaterThan(2);
      expect(zh, `${code} zh`).toMatch(CJK);
      expect(en, `${code} en`).not.toMatch(CJK);
      expect(zh, `${code} zh`).not.toBe(en);
    }
  });

  it('gives every code its own text in each language', () => {
    for (const lang of ['en', 'zh'] as const) {
      const seen = new Map<string, number>();
      for (const code of catalogued) {
        const text = errorCatalogue[code]![lang].toLowerCase();
        expect(seen.get(text), `${code} ${lang} repeats ${seen.get(text)}`).toBeUndefined();
        seen.set(text, code);
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const code of catalogued) {
      const { en, zh } = errorCatalogue[code]!;
      expect(placeholders(zh), String(code)).toEqual(placeholders(en));
    }
  });

  it('marks exactly the three success texts', () => {
    const flagged = catalogued.filter((c) => errorCatalogue[c]!.success).sort();
    expect(flagged).toEqual([11014, 11018, 20010]);
    expect([...SUCCESS_CODES].sort()).toEqual(flagged);
  });
});

describe('errorText', () => {
  it('fills placeholders in either language', () => {
    expect(errorText(ErrorCode.SignInLocked, 'en', { minutes: 5 })).toBe(
      'Too many failed sign-ins; try again in 5 minute(s)',
    );
    expect(errorText(ErrorCode.SignInLocked, 'zh', { minutes: 5 })).toBe('登录失败次数过多，请 5 分钟后再试');
    expect(errorText(ErrorCode.DeviceBatchPartlyFailed, 'en', { failed: 2, total: 7 })).toBe(
      '2 of 7 devices could not be registered',
    );
    expect(errorText(ErrorCode.DeviceBatchPartlyFailed, 'zh', { failed: 2, total: 7 })).toBe(
      '7 台设备中有 2 台注册失败',
    );
  });

  it('fills every placeholder of every entry when given values', () => {
    for (const code of catalogued) {
      const names = placeholders(errorCatalogue[code]!.en);
      const params = Object.fromEntries(names.map((n) => [n, 'X']));
      expect(errorText(code, 'en', params)).not.toMatch(/\{\w+\}/);
      expect(errorText(code, 'zh', params)).not.toMatch(/\{\w+\}/);
    }
  });

  it('leaves a placeholder without a value visible rather than printing undefined', () => {
    expect(errorText(ErrorCode.ValidationFailed, 'en', {})).toBe('Validation failed: {detail}');
    expect(errorText(ErrorCode.ValidationFailed, 'en')).toBe('Validation failed: {detail}');
  });

  it('ignores params a text does not use', () => {
    expect(errorText(ErrorCode.DeviceNotExist, 'en', { detail: 'x' })).toBe('Device does not exist');
  });

  it('falls back to the generic server error for an unknown code', () => {
    expect(errorText(99999, 'en')).toBe(errorText(ErrorCode.Internal, 'en'));
    expect(errorText(99999, 'zh')).toBe('服务器错误，请稍后再试');
  });
});

describe('isSuccessCode / isAppErrorCode', () => {
  it('tells success texts from errors', () => {
    expect(isSuccessCode(11014)).toBe(true);
    expect(isSuccessCode(11018)).toBe(true);
    expect(isSuccessCode(20010)).toBe(true);
    expect(isSuccessCode(11001)).toBe(false);
    expect(isSuccessCode(4000)).toBe(false);
    expect(isSuccessCode(123)).toBe(false);
  });

  it('knows catalogued failure codes only', () => {
    expect(isAppErrorCode(12145)).toBe(true);
    expect(isAppErrorCode(4011)).toBe(true);
    expect(isAppErrorCode(11014)).toBe(false);
    expect(isAppErrorCode(12146)).toBe(false);
    expect(isAppErrorCode(Number.NaN)).toBe(false);
  });
});

describe('httpStatusFor', () => {
  it('maps the codes the brief fixes', () => {
    const expected: [number, number][] = [
      [4000, 400],
      [4010, 401],
      [4011, 401],
      [4012, 403],
      [12006, 403],
      [15007, 403],
      [4040, 404],
      [4050, 405],
      [4130, 413],
      [4150, 415],
      [4290, 429],
      [11020, 429],
      [5000, 500],
      [5030, 503],
      [4001, 400],
      [4002, 400],
      [4003, 400],
      [4004, 400],
      [4005, 400],
      [4080, 408],
      [4140, 414],
      [4310, 431],
      [5031, 503],
      [11005, 401],
      [11001, 404],
    ];
    for (const [code, status] of expected) expect(httpStatusFor(code), String(code)).toBe(status);
  });

  it('answers 200 for success texts', () => {
    for (const code of SUCCESS_CODES) expect(httpStatusFor(code)).toBe(200);
  });

  it('answers 400 for ordinary product errors', () => {
    for (const code of [11012, 11022, 12001, 12004, 13002, 14001, 15001, 16004, 19001, 23001, 24002, 26001]) {
      expect(httpStatusFor(code), String(code)).toBe(400);
    }
  });

  it('agrees with what each text says', () => {
    for (const code of catalogued) {
      const en = errorCatalogue[code]!.en;
      if (/does not exist|not found/i.test(en)) expect(httpStatusFor(code), en).toBe(404);
      if (/already|duplicat|in use/i.test(en)) expect(httpStatusFor(code), en).toBe(409);
      if (/permission|access rights/i.test(en)) expect(httpStatusFor(code), en).toBe(403);
    }
  });

  it('lists each code under one status only, and only catalogued codes', () => {
    const listed = Object.values(httpStatusTable).flat() as number[];
    expect(new Set(listed).size).toBe(listed.length);
    for (const code of listed) expect(catalogued).toContain(code);
  });

  it('gives every failure code an error status', () => {
    for (const code of catalogued.filter((c) => !isSuccessCode(c))) {
      expect(httpStatusFor(code), String(code)).toBeGreaterThanOrEqual(400);
    }
  });

  it('treats unknown codes by their range', () => {
    expect(httpStatusFor(12999)).toBe(400);
    expect(httpStatusFor(26999)).toBe(400);
    expect(httpStatusFor(27999)).toBe(400);
    expect(httpStatusFor(28999)).toBe(400);
    expect(httpStatusFor(29999)).toBe(400);
    expect(httpStatusFor(30000)).toBe(500);
    expect(httpStatusFor(4999)).toBe(500);
    expect(httpStatusFor(-1)).toBe(500);
  });
});

describe('SESSION_ENDING_CODES', () => {
  it('holds 4011 and 4012 (spec §8)', () => {
    expect([...SESSION_ENDING_CODES].sort()).toEqual([4011, 4012]);
  });
});
