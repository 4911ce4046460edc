import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type MapsConfig } from '../../platform/config.ts';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { startMapStandIn, type MapStandIn } from './standin.ts';

const KEYS = { baiduKey: 'test-baidu-ak-123', googleKey: 'test-google-key-456' };

function mapsConfig(env: Record<string, string>, timeoutMs: number): MapsConfig {
  const maps = loadConfig({ ...env, MAP_GEOCODER_TIMEOUT_MS: String(timeoutMs) }).maps;
  return maps;
}

let standIn: MapStandIn;
let h: Harness;
let token: string;

beforeAll(async () => {
  standIn = await startMapStandIn({ ...KEYS, slowMs: 3000 });
  h = await startHarness({ maps: mapsConfig(standIn.serverEnv(), 500) });
  await seedTenant(h, 'map');
  token = (await login(h, 'mapown')).body.Token;
});
afterAll(async () => {
  await h?.close();
  await standIn?.close();
});

async function geocode(query: string, headers = bearer(token), harness = h) {
  const res = await harness.app.inject({ url: `/v1/map/geocode?${query}`, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('GET /v1/client/getMapUrl', () => {
  it('gives the tile sources, the spec defaults and no geocoder key', async () => {
    const res = await h.app.inject({ url: '/v1/client/getMapUrl', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { list: { type: string; tileUrl: string; center: unknown; zoom: number }[] };
    expect(body).toMatchObject({ zoomOptions: [6, 10, 14, 18], timeoutMs: 10_000 });
    expect(body.list.map((s) => s.type)).toEqual(['baidu', 'google']);
    expect(body.list[0]).toMatchObject({
      tileUrl: standIn.tileUrl('baidu'),
      center: { longitude: 100, latitude: 30 },
      zoom: 4,
    });
    expect(body.list[1]).toMatchObject({ center: { longitude: 116.404, latitude: 39.915 } });
    expect(res.body).not.toContain(KEYS.baiduKey);
    expect(res.body).not.toContain(KEYS.googleKey);
  });

  it('needs a signed-in caller', async () => {
    const res = await h.app.inject({ url: '/v1/client/getMapUrl' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 4010 });
  });

  it('defaults to OpenStreetMap tiles and the real providers', () => {
    const maps = loadConfig({}).maps;
    expect(maps.baidu.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(maps.baidu.geocoderUrl).toBe('https://api.map.baidu.com');
    expect(maps.google.geocoderUrl).toBe('https://maps.googleapis.com');
    expect(maps.geocoderTimeoutMs).toBe(10_000);
  });

  it('refuses a tile template without {z}, {x} and {y}, hiding keys in the message', () => {
    expect(() => loadConfig({ MAP_BAIDU_TILE_URL: 'https://tiles.example/{z}.png' })).toThrow(
      /MAP_BAIDU_TILE_URL/,
    );
    expect(() => loadConfig({ MAP_GOOGLE_GEOCODER_URL: 'ftp://x', MAP_GOOGLE_GEOCODER_KEY: 'k' })).toThrow(
      /MAP_GOOGLE_GEOCODER_URL/,
    );
  });
});

describe('GET /v1/map/geocode', () => {
  it('asks Baidu reverse geocoding v3 with the ak and WGS-84 coordinates', async () => {
    const before = standIn.requests.length;
    const { status, body } = await geocode('lng=116.41&lat=39.92&type=baidu&language=zh');
    expect(status).toBe(200);
    expect(body).toEqual({ address: '中国北京市东城区', status: '0', type: 'baidu' });
    const sent = standIn.requests.slice(before).find((r) => r.provider === 'baidu')!;
    expect(sent.path).toBe('/reverse_geocoding/v3/');
    expect(sent.query).toMatchObject({
      ak: KEYS.baiduKey,
      location: '39.92,116.41',
      coordtype: 'wgs84ll',
      output: 'json',
    });
  });

  it('asks the Google Geocoding API with the key, in the caller’s language', async () => {
    const before = standIn.requests.length;
    const en = await geocode('lng=121.47&lat=31.23&type=google');
    expect(en.body).toEqual({ address: 'Huangpu District, Shanghai, China', status: 'OK', type: 'google' });
    const zh = await h.app.inject({
      url: '/v1/map/geocode?lng=121.47&lat=31.23&type=google',
      headers: { ...bearer(token), cookie: 'language=zh' },
    });
    expect(zh.json()).toMatchObject({ address: '中国上海市黄浦区' });
    const sent = standIn.requests.slice(before).filter((r) => r.provider === 'google');
    expect(sent[0]!.query).toMatchObject({ latlng: '31.23,121.47', key: KEYS.googleKey, language: 'en' });
    expect(sent[1]!.query.language).toBe('zh-CN');
  });

  it('answers a null address when the provider finds nothing (no address)', async () => {
    for (const type of ['baidu', 'google']) {
      const { status, body } = await geocode(`lng=-150&lat=0&type=${type}`);
      expect(status).toBe(200);
      expect(body).toEqual({ address: null, status: type === 'baidu' ? '0' : 'ZERO_RESULTS', type });
    }
  });

  it('passes a provider failure on as 19002 with the provider status', async () => {
    const baidu = await geocode('lng=10&lat=-85&type=baidu');
    expect(baidu.status).toBe(502);
    expect(baidu.body).toMatchObject({ code: 19002, message: 'Geocoder failure, status: 302' });
    const google = await geocode('lng=10&lat=-85&type=google&language=zh');
    expect(google.status).toBe(502);
    expect(google.body).toMatchObject({ code: 19002, message: '地址解析失败，状态：OVER_QUERY_LIMIT' });
    expect(JSON.stringify(google.body)).toContain('exceeded your daily request quota');
  });

  it('answers 19003 when the provider does not answer in time', async () => {
    const { status, body } = await geocode('lng=10&lat=85&type=google');
    expect(status).toBe(504);
    expect(body).toMatchObject({ code: 19003 });
  });

  it('refuses bad coordinates and types with 19001 before asking anyone', async () => {
    const before = standIn.requests.length;
    for (const q of [
      'lng=181&lat=0&type=baidu',
      'lng=0&lat=-91&type=google',
      'lng=abc&lat=1&type=baidu',
      'lat=1&type=baidu',
      'lng=1&lat=1&type=amap',
      'lng=1&lat=1',
    ]) {
      const { status, body } = await geocode(q);
      expect(status, q).toBe(400);
      expect(body.code, q).toBe(19001);
    }
    expect(standIn.requests.length).toBe(before);
  });

  it('needs a signed-in caller', async () => {
    const { status, body } = await geocode('lng=1&lat=1&type=baidu', {} as ReturnType<typeof bearer>);
    expect(status).toBe(401);
    expect(body.code).toBe(4010);
  });

  it('reports the provider’s refusal of a wrong key, and an unreachable provider', async () => {
    const env = { ...standIn.serverEnv(), MAP_BAIDU_GEOCODER_KEY: 'wrong', MAP_GOOGLE_GEOCODER_KEY: 'wrong' };
    const other = await startHarness({ maps: mapsConfig(env, 500) });
    try {
      await seedTenant(other, 'mapk');
      const t = (await login(other, 'mapkown')).body.Token;
      const baidu = await geocode('lng=116.4&lat=39.9&type=baidu', bearer(t), other);
      expect(baidu.body).toMatchObject({ code: 19002, message: 'Geocoder failure, status: 200' });
      const google = await geocode('lng=116.4&lat=39.9&type=google', bearer(t), other);
      expect(google.body).toMatchObject({ code: 19002, message: 'Geocoder failure, status: REQUEST_DENIED' });
    } finally {
      await other.close();
    }
    // A closed port: nothing answers at all.
    const gone = await startMapStandIn(KEYS);
    const goneEnv = gone.serverEnv();
    await gone.close();
    const offline = await startHarness({ maps: mapsConfig(goneEnv, 500) });
    try {
      await seedTenant(offline, 'mapo');
      const t = (await login(offline, 'mapoown')).body.Token;
      const res = await geocode('lng=116.4&lat=39.9&type=baidu', bearer(t), offline);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 19002, message: 'Geocoder failure, status: UNREACHABLE' });
    } finally {
      await offline.close();
    }
  });
});

describe('the stand-in', () => {
  it('serves PNG tiles inside the tile grid only', async () => {
    const ok = await fetch(
      standIn.tileUrl('baidu').replace('{z}', '4').replace('{x}', '12').replace('{y}', '6'),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await ok.arrayBuffer());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);
    const outside = await fetch(
      standIn.tileUrl('google').replace('{z}', '2').replace('{x}', '4').replace('{y}', '0'),
    );
    expect(outside.status).toBe(404);
  });
});
