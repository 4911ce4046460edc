import { describe, expect, it } from 'vitest';
import { ErrorCode, type AppReleaseItem } from '@netconsole/contract';
import {
  INITIAL_RELEASE_VALUES,
  checkNotes,
  checkPlatform,
  checkUrl,
  checkVersion,
  compareVersions,
  fieldOfReleaseError,
  releaseNotice,
  sortReleases,
  toReleaseBody,
} from './release-rules.ts';

const release = (patch: Partial<AppReleaseItem>): AppReleaseItem => ({
  _id: 'r',
  Platform: 'android',
  Version: '1.0.0',
  Url: 'https://dl.example.com/app.apk',
  Notes: '',
  Active: false,
  CreateTime: 1_700_000_000_000,
  ...patch,
});

describe('field rules', () => {
  it('asks a known platform', () => {
    expect(checkPlatform('android')).toBeNull();
    expect(checkPlatform('ios')).toBeNull();
    expect(checkPlatform(undefined)).toBe('platformRequired');
    expect(checkPlatform('windows')).toBe('platformRequired');
  });

  it('asks a version of three numbers like 2.4.0', () => {
    expect(checkVersion('')).toBe('versionRequired');
    expect(checkVersion('   ')).toBe('versionRequired');
    expect(checkVersion('2.4.0')).toBeNull();
    expect(checkVersion(' 10.0.1234 ')).toBeNull();
    expect(checkVersion('2.4')).toBe('versionFormat');
    expect(checkVersion('v2.4.0')).toBe('versionFormat');
    expect(checkVersion('2.4.0-beta')).toBe('versionFormat');
    expect(checkVersion('2.4.12345')).toBe('versionFormat');
  });

  it('asks an absolute http(s) URL naming a host and a file, as the server does (26002)', () => {
    expect(checkUrl('')).toBe('urlRequired');
    expect(checkUrl('https://dl.example.com/app-2.4.0.apk')).toBeNull();
    expect(checkUrl(' http://10.0.0.5:8080/files/app.apk ')).toBeNull();
    expect(checkUrl('https://apps.apple.com/app/id123456')).toBeNull();
    expect(checkUrl('ftp://dl.example.com/app.apk')).toBe('urlScheme');
    expect(checkUrl('dl.example.com/app.apk')).toBe('urlScheme');
    expect(checkUrl('https://dl.example.com')).toBe('urlIncomplete');
    expect(checkUrl('https://dl.example.com/')).toBe('urlIncomplete');
    expect(checkUrl('https://')).toBe('urlIncomplete');
    expect(checkUrl(`https://dl.example.com/${'a'.repeat(512)}`)).toBe('urlLength');
  });

  it('takes notes of up to 2000 characters', () => {
    expect(checkNotes(undefined)).toBeNull();
    expect(checkNotes('x'.repeat(2000))).toBeNull();
    expect(checkNotes('x'.repeat(2001))).toBe('notesLength');
  });
});

describe('the body and the refusals', () => {
  it('starts as an active Android release and sends trimmed texts', () => {
    expect(INITIAL_RELEASE_VALUES).toEqual(expect.objectContaining({ Platform: 'android', Activate: true }));
    expect(
      toReleaseBody({
        Platform: 'ios',
        Version: ' 2.4.0 ',
        Url: ' https://dl.example.com/app.ipa ',
        Notes: ' Faster sign-in \n',
        Activate: false,
      }),
    ).toEqual({
      Platform: 'ios',
      Version: '2.4.0',
      Url: 'https://dl.example.com/app.ipa',
      Notes: 'Faster sign-in',
      Activate: false,
    });
  });

  it('marks the URL for 26002 and nothing for the other codes', () => {
    expect(fieldOfReleaseError(ErrorCode.AppUrlIncomplete)).toBe('Url');
    expect(fieldOfReleaseError(ErrorCode.AppUploadParamsMissing)).toBeUndefined();
    expect(fieldOfReleaseError(ErrorCode.AppVersionActivationFailed)).toBeUndefined();
  });
});

describe('versions', () => {
  it('compares number by number, not as text', () => {
    expect(compareVersions('2.10.0', '2.9.0')).toBeGreaterThan(0);
    expect(compareVersions('2.4.0', '2.4.0')).toBe(0);
    expect(compareVersions('1.99.99', '2.0.0')).toBeLessThan(0);
  });

  it('lists Android then iOS, newest version first', () => {
    const list = [
      release({ _id: 'a', Platform: 'ios', Version: '2.4.0' }),
      release({ _id: 'b', Version: '2.9.0' }),
      release({ _id: 'c', Version: '2.10.0' }),
      release({ _id: 'd', Platform: 'ios', Version: '3.0.0' }),
    ];
    expect(sortReleases(list).map((r) => r._id)).toEqual(['c', 'b', 'd', 'a']);
    expect(list[0]!._id).toBe('a');
  });

  it('says when a version is published again or would step back the current one', () => {
    const list = [
      release({ Version: '2.4.0', Active: true }),
      release({ Version: '2.3.0' }),
      release({ Platform: 'ios', Version: '1.0.0', Active: true }),
    ];
    expect(releaseNotice(list, 'android', '2.4.0', true)).toEqual({ kind: 'republish', active: true });
    expect(releaseNotice(list, 'android', ' 2.3.0 ', true)).toEqual({ kind: 'republish', active: false });
    expect(releaseNotice(list, 'android', '2.2.0', true)).toEqual({ kind: 'older', current: '2.4.0' });
    expect(releaseNotice(list, 'android', '2.2.0', false)).toBeNull();
    expect(releaseNotice(list, 'android', '2.5.0', true)).toBeNull();
    expect(releaseNotice(list, 'ios', '2.3.0', true)).toBeNull();
    expect(releaseNotice(list, 'android', '2.4', true)).toBeNull();
    expect(releaseNotice([], 'android', '1.0.0', true)).toBeNull();
  });
});
