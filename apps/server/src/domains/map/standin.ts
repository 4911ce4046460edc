/**
 * A local stand-in for the map providers: it speaks Baidu's reverse geocoding v3 and Google's
 * Geocoding API (keys checked, the providers' statuses and reply shapes) and serves generated XYZ
 * PNG tiles, so the console's maps work without the Internet. Tests use it; in development run
 * `npx tsx apps/server/src/domains/map/standin.ts` and set the variables it prints (docs/maps.md).
 *
 * Its world is small and fixed, so tests can reach every outcome by coordinates:
 * - a few cities answer with their district, anywhere else with a grid-cell text;
 * - the open Pacific (longitude -170…-120, latitude -40…40) has no address;
 * - south of 80°S the daily quota is "exceeded" (Baidu status 302, Google OVER_QUERY_LIMIT);
 * - north of 80°N the answer takes `slowMs` (a provider that does not answer in time).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export interface MapStandInOptions {
  /** The ak Baidu requests must carry. */
  baiduKey: string;
  /** The key Google requests must carry. */
  googleKey: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How long a point north of 80°N takes to answer; default 15 s (beyond the 10 s time-out). */
  slowMs?: number;
}

export interface StandInRequest {
  provider: 'baidu' | 'google' | 'tile';
  path: string;
  query: Record<string, string>;
}

export interface MapStandIn {
  /** The base of both geocoders (MAP_BAIDU_GEOCODER_URL, MAP_GOOGLE_GEOCODER_URL). */
  url: string;
  /** The XYZ tile template of a style (MAP_<TYPE>_TILE_URL). */
  tileUrl(style: 'baidu' | 'google'): string;
  /** The server's environment that points both map types here. */
  serverEnv(): Record<string, string>;
  requests: StandInRequest[];
  close(): Promise<void>;
}

interface Place {
  longitude: number;
  latitude: number;
  en: string;
  zh: string;
}

const PLACES: readonly Place[] = [
  { longitude: 116.404, latitude: 39.915, en: 'Dongcheng District, Beijing, China', zh: '中国北京市东城区' },
  { longitude: 121.4737, latitude: 31.2304, en: 'Huangpu District, Shanghai, China', zh: '中国上海市黄浦区' },
  {
    longitude: 113.9305,
    latitude: 22.5329,
    en: 'Nanshan District, Shenzhen, Guangdong, China',
    zh: '中国广东省深圳市南山区',
  },
  {
    longitude: 104.066,
    latitude: 30.657,
    en: 'Jinjiang District, Chengdu, Sichuan, China',
    zh: '中国四川省成都市锦江区',
  },
  {
    longitude: -0.1276,
    latitude: 51.5072,
    en: 'Westminster, London, United Kingdom',
    zh: '英国伦敦威斯敏斯特',
  },
];
/** A point within this many degrees of a place is in it. */
const PLACE_RADIUS = 1.5;

type Outcome = { kind: 'found'; en: string; zh: string } | { kind: 'none' } | { kind: 'quota' };

function lookup(longitude: number, latitude: number): Outcome {
  if (latitude < -80) return { kind: 'quota' };
  if (longitude >= -170 && longitude <= -120 && Math.abs(latitude) <= 40) return { kind: 'none' };
  const near = PLACES.find((p) => Math.hypot(p.longitude - longitude, p.latitude - latitude) <= PLACE_RADIUS);
  if (near) return { kind: 'found', en: near.en, zh: near.zh };
  const lat = `${Math.abs(latitude).toFixed(1)}°${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(1)}°${longitude >= 0 ? 'E' : 'W'}`;
  const zhLat = `${latitude >= 0 ? '北纬' : '南纬'}${Math.abs(latitude).toFixed(1)}°`;
  const zhLng = `${longitude >= 0 ? '东经' : '西经'}${Math.abs(longitude).toFixed(1)}°`;
  return { kind: 'found', en: `Grid area ${lat} ${lng}`, zh: `网格区域 ${zhLat} ${zhLng}` };
}

/** "lat,lng" as both providers take it; null when it is not two numbers in range. */
function parseLatLng(value: string | undefined): { latitude: number; longitude: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value ?? '');
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

type Reply = { status: number; body: unknown; delayMs?: number };

function baidu(q: Record<string, string>, opts: MapStandInOptions): Reply {
  // Baidu answers HTTP 200 with its own status number, whatever went wrong.
  const fail = (status: number, message: string): Reply => ({ status: 200, body: { status, message } });
  if (!q.ak) return fail(101, 'AK参数不存在');
  if (q.ak !== opts.baiduKey) return fail(200, 'APP不存在，AK有误请检查再重试');
  if (q.output !== undefined && q.output !== 'json') return fail(2, 'Parameter Invalid');
  if (q.coordtype !== undefined && !['bd09ll', 'bd09mc', 'gcj02ll', 'wgs84ll'].includes(q.coordtype)) {
    return fail(2, 'Parameter Invalid');
  }
  const point = parseLatLng(q.location);
  if (!point) return fail(2, 'Parameter Invalid');
  const found = lookup(point.longitude, point.latitude);
  if (found.kind === 'quota') return fail(302, '天配额超限，限制访问');
  const address = found.kind === 'found' ? (q.language === 'en' ? found.en : found.zh) : '';
  return {
    status: 200,
    delayMs: point.latitude > 80 ? (opts.slowMs ?? 15_000) : 0,
    body: {
      status: 0,
      result: {
        location: { lng: point.longitude, lat: point.latitude },
        formatted_address: address,
        business: '',
        addressComponent: { country: found.kind === 'found' ? 'stand-in' : '' },
        pois: [],
        sematic_description: '',
      },
    },
  };
}

function google(q: Record<string, string>, opts: MapStandInOptions): Reply {
  const fail = (status: string, error_message: string, http = 200): Reply => ({
    status: http,
    body: { error_message, results: [], status },
  });
  if (!q.key) return fail('REQUEST_DENIED', 'You must use an API key to authenticate each request.');
  if (q.key !== opts.googleKey) return fail('REQUEST_DENIED', 'The provided API key is invalid.');
  const point = parseLatLng(q.latlng);
  if (!point) return fail('INVALID_REQUEST', "Invalid request. Invalid 'latlng' parameter.", 400);
  const found = lookup(point.longitude, point.latitude);
  if (found.kind === 'quota') {
    return fail('OVER_QUERY_LIMIT', 'You have exceeded your daily request quota for this API.');
  }
  const delayMs = point.latitude > 80 ? (opts.slowMs ?? 15_000) : 0;
  if (found.kind === 'none') return { status: 200, delayMs, body: { results: [], status: 'ZERO_RESULTS' } };
  const address = q.language?.startsWith('zh') ? found.zh : found.en;
  return {
    status: 200,
    delayMs,
    body: {
      results: [
        {
          formatted_address: address,
          geometry: { location: { lat: point.latitude, lng: point.longitude }, location_type: 'APPROXIMATE' },
          place_id: `standin-${point.latitude.toFixed(3)}-${point.longitude.toFixed(3)}`,
          types: ['political'],
        },
      ],
      status: 'OK',
    },
  };
}

// ---- tiles: 256 × 256 RGB PNGs, a tinted checkerboard with each tile's border drawn ----

const TILE = 256;
const STYLES = {
  baidu: { light: [246, 239, 224], dark: [236, 226, 204], line: [196, 172, 132] },
  google: { light: [232, 240, 232], dark: [219, 232, 221], line: [150, 178, 156] },
} as const;

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function renderTile(style: keyof typeof STYLES, z: number, x: number, y: number): Buffer {
  const s = STYLES[style];
  const fill = (x + y) % 2 === 0 ? s.light : s.dark;
  // A wider band every few zoom levels, so zooming is visible too.
  const band = 1 + (z % 4);
  const raw = Buffer.alloc((TILE * 3 + 1) * TILE);
  for (let row = 0; row < TILE; row++) {
    const base = row * (TILE * 3 + 1);
    raw[base] = 0; // filter: none
    for (let col = 0; col < TILE; col++) {
      const edge = row < band || col < band;
      const c = edge ? s.line : fill;
      raw.set(c, base + 1 + col * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE, 0);
  header.writeUInt32BE(TILE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const TILE_RE = /^\/tiles\/(baidu|google)\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;
const MAX_TILE_ZOOM = 19;

export async function startMapStandIn(opts: MapStandInOptions): Promise<MapStandIn> {
  const requests: StandInRequest[] = [];
  const tiles = new Map<string, Buffer>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const query = Object.fromEntries(url.searchParams);
    const send = (r: Reply) => {
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(r.body));
      };
      if (!r.delayMs) return write();
      const t = setTimeout(() => {
        timers.delete(t);
        write();
      }, r.delayMs);
      timers.add(t);
    };
    if (req.method !== 'GET') return send({ status: 405, body: { error: 'method not allowed' } });
    const tile = TILE_RE.exec(url.pathname);
    if (tile) {
      requests.push({ provider: 'tile', path: url.pathname, query });
      const style = tile[1] as 'baidu' | 'google';
      const [z, x, y] = [Number(tile[2]), Number(tile[3]), Number(tile[4])];
      if (z > MAX_TILE_ZOOM || x >= 2 ** z || y >= 2 ** z) {
        return send({ status: 404, body: { error: 'no such tile' } });
      }
      // Tiles are cheap but not free to draw: keep the ones already asked for (a few hundred at most).
      const key = `${style}/${z}/${x}/${y}`;
      let png = tiles.get(key);
      if (!png) {
        png = renderTile(style, z, x, y);
        if (tiles.size < 2000) tiles.set(key, png);
      }
      res.writeHead(200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=3600',
        'access-control-allow-origin': '*',
      });
      return res.end(png);
    }
    if (url.pathname === '/reverse_geocoding/v3/' || url.pathname === '/reverse_geocoding/v3') {
      requests.push({ provider: 'baidu', path: url.pathname, query });
      return send(baidu(query, opts));
    }
    if (url.pathname === '/maps/api/geocode/json') {
      requests.push({ provider: 'google', path: url.pathname, query });
      return send(google(query, opts));
    }
    send({ status: 404, body: { error: 'not found' } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  const tileUrl = (style: 'baidu' | 'google') => `${url}/tiles/${style}/{z}/{x}/{y}.png`;
  return {
    url,
    tileUrl,
    serverEnv: () => ({
      MAP_BAIDU_TILE_URL: tileUrl('baidu'),
      MAP_BAIDU_TILE_ATTRIBUTION: 'Map stand-in (Baidu type)',
      MAP_BAIDU_GEOCODER_URL: url,
      MAP_BAIDU_GEOCODER_KEY: opts.baiduKey,
      MAP_GOOGLE_TILE_URL: tileUrl('google'),
      MAP_GOOGLE_TILE_ATTRIBUTION: 'Map stand-in (Google type)',
      MAP_GOOGLE_GEOCODER_URL: url,
      MAP_GOOGLE_GEOCODER_KEY: opts.googleKey,
    }),
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const t of timers) clearTimeout(t);
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// Run directly: a stand-in for development, printing the server's environment to use it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const standIn = await startMapStandIn({
    baiduKey: env.MAP_BAIDU_GEOCODER_KEY ?? 'standin-baidu-ak',
    googleKey: env.MAP_GOOGLE_GEOCODER_KEY ?? 'standin-google-key',
    host: env.MAP_STANDIN_HOST ?? '127.0.0.1',
    port: Number(env.MAP_STANDIN_PORT ?? 8788),
  });
  console.log(`Map stand-in listening at ${standIn.url}; start the server with:`);
  for (const [k, v] of Object.entries(standIn.serverEnv())) console.log(`  ${k}=${v}`);
}
