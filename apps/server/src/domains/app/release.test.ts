import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { seedTenant, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
const ADMIN = { tenantId: null, admin: true };
const listone = async () =>
  (
    (await h.app.inject({ url: '/v1/app/listone' })).json().list as {
      Platform: string;
      Version: string;
      Url: string;
    }[]
  )
    .map((r) => `${r.Platform}@${r.Version}`)
    .sort();

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('ReleaseService (no upload path in the specification yet)', () => {
  it('publishes releases; the active one per platform is what listone offers', async () => {
    const r = h.services.releases;
    const first = await r.publish(ADMIN, {
      Platform: 'android',
      Version: '2.4.0',
      Url: 'https://dl.example.com/a-2.4.0.apk',
    });
    expect(first).toMatchObject({ Platform: 'android', Version: '2.4.0', Active: true });
    await r.publish(ADMIN, {
      Platform: 'ios',
      Version: '2.4.0',
      Url: 'https://apps.example.com/ios/netconsole',
    });
    await r.publish(ADMIN, {
      Platform: 'android',
      Version: '2.5.0',
      Url: 'https://dl.example.com/a-2.5.0.apk',
    });
    expect(await listone()).toEqual(['android@2.5.0', 'ios@2.4.0']);
    const staged = await r.publish(ADMIN, {
      Platform: 'android',
      Version: '2.6.0',
      Url: 'https://dl.example.com/a-2.6.0.apk',
      Activate: false,
    });
    expect(staged.Active).toBe(false);
    expect(await listone()).toEqual(['android@2.5.0', 'ios@2.4.0']);
    await r.activate(ADMIN, first._id);
    expect(await listone()).toEqual(['android@2.4.0', 'ios@2.4.0']);
    // Publishing a known version again updates it.
    await r.publish(ADMIN, {
      Platform: 'android',
      Version: '2.4.0',
      Url: 'https://dl.example.com/a-2.4.0b.apk',
    });
    const rows = await h.store.db
      .selectFrom('app_releases')
      .selectAll()
      .where('platform', '=', 'android')
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.find((x) => x.version === '2.4.0')?.url).toBe('https://dl.example.com/a-2.4.0b.apk');
  });

  it('refuses with the 26xxx codes and changes nothing', async () => {
    const r = h.services.releases;
    const code = (input: object) =>
      r.publish(ADMIN, input).then(
        () => 0,
        (e: { code: number }) => e.code,
      );
    const url = 'https://dl.example.com/a.apk';
    expect(await code({ Version: '1.0.0', Url: url })).toBe(ErrorCode.AppUploadParamsMissing);
    expect(await code({ Platform: 'windows', Version: '1.0.0', Url: url })).toBe(
      ErrorCode.AppUploadParamsMissing,
    );
    expect(await code({ Platform: 'android', Version: ' ', Url: url })).toBe(
      ErrorCode.AppUploadParamsMissing,
    );
    expect(await code({ Platform: 'android', Version: 'v1', Url: url })).toBe(
      ErrorCode.AppUploadParamsMissing,
    );
    expect(await code({ Platform: 'android', Version: '1.0.0' })).toBe(ErrorCode.AppUploadParamsMissing);
    expect(await code({ Platform: 'android', Version: '1.0.0', Url: 'dl.example.com/a.apk' })).toBe(
      ErrorCode.AppUrlIncomplete,
    );
    expect(await code({ Platform: 'android', Version: '1.0.0', Url: 'https://dl.example.com' })).toBe(
      ErrorCode.AppUrlIncomplete,
    );
    expect(await code({ Platform: 'android', Version: '1.0.0', Url: 'ftp://dl.example.com/a.apk' })).toBe(
      ErrorCode.AppUrlIncomplete,
    );
    await expect(r.activate(ADMIN, 'no-such-release')).rejects.toMatchObject({
      code: ErrorCode.AppVersionActivationFailed,
    });
    const { tenant } = await seedTenant(h, 'alfa');
    await expect(
      r.publish({ tenantId: tenant.id, admin: false }, { Platform: 'android', Version: '1.0.0', Url: url }),
    ).rejects.toMatchObject({ code: ErrorCode.NoAccessRights });
    expect(await h.store.db.selectFrom('app_releases').selectAll().execute()).toEqual([]);
  });
});
