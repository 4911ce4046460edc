/**
 * Reverse geocoding through each map type's provider, in the provider's own protocol:
 * - Baidu: reverse geocoding v3, `GET {base}/reverse_geocoding/v3/?ak=&location=lat,lng&coordtype=wgs84ll&output=json`
 *   → `{status: 0, result: {formatted_address}}`; any other status is a failure (e.g. 101 no ak,
 *   240 no permission, 302 daily quota), an empty address means nothing found.
 * - Google: Geocoding API, `GET {base}/maps/api/geocode/json?latlng=lat,lng&key=`
 *   → `{status: 'OK', results: [{formatted_address}]}`; 'ZERO_RESULTS' is nothing found, other
 *   statuses (REQUEST_DENIED, OVER_QUERY_LIMIT, …) are failures, with `error_message`.
 * Points are WGS-84 (what the console stores), hence Baidu's `coordtype=wgs84ll`.
 */
import type { Lang, MapType } from '@netconsole/contract';
import type { MapProviderConfig } from '../../platform/config.ts';

export interface GeocodePoint {
  longitude: number;
  latitude: number;
}

/** What a provider said: an address, nothing found, or a failure with the provider's status. */
export type GeocodeOutcome =
  | { kind: 'found'; address: string; status: string }
  | { kind: 'none'; status: string }
  | { kind: 'failed'; status: string; message?: string }
  | { kind: 'timeout' };

export interface Geocoder {
  readonly type: MapType;
  reverse(point: GeocodePoint, lang: Lang): Promise<GeocodeOutcome>;
}

/** Coordinates as the providers print them: enough digits for a metre, no exponent. */
function coord(n: number): string {
  return Number(n.toFixed(7)).toString();
}

/** Fetches JSON within the time-out; a transport problem becomes a failure with a status of ours. */
async function fetchJson(url: string, timeoutMs: number): Promise<{ body: unknown } | GeocodeOutcome> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
    return { kind: 'failed', status: 'UNREACHABLE' };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { kind: 'timeout' };
    return { kind: 'failed', status: `HTTP ${res.status}` };
  }
  if (!res.ok && (typeof body !== 'object' || body === null || !('status' in body))) {
    return { kind: 'failed', status: `HTTP ${res.status}` };
  }
  return { body };
}

function isOutcome(v: { body: unknown } | GeocodeOutcome): v is GeocodeOutcome {
  return 'kind' in v;
}

function text(v: unknown, max = 500): string | undefined {
  return typeof v === 'string' ? v.slice(0, max) : undefined;
}

/** A provider's settings and the time it is given to answer. */
abstract class ProviderGeocoder implements Geocoder {
  abstract readonly type: MapType;
  constructor(
    protected readonly cfg: MapProviderConfig,
    protected readonly timeoutMs: number,
  ) {}
  abstract reverse(point: GeocodePoint, lang: Lang): Promise<GeocodeOutcome>;
}

export class BaiduGeocoder extends ProviderGeocoder {
  readonly type = 'baidu' as const;

  async reverse(p: GeocodePoint, lang: Lang): Promise<GeocodeOutcome> {
    const q = new URLSearchParams({
      ak: this.cfg.geocoderKey ?? '',
      location: `${coord(p.latitude)},${coord(p.longitude)}`,
      coordtype: 'wgs84ll',
      output: 'json',
      ...(lang === 'en' ? { language: 'en' } : {}),
    });
    const got = await fetchJson(
      `${this.cfg.geocoderUrl}/reverse_geocoding/v3/?${q.toString()}`,
      this.timeoutMs,
    );
    if (isOutcome(got)) return got;
    const body = got.body as {
      status?: unknown;
      message?: unknown;
      msg?: unknown;
      result?: { formatted_address?: unknown };
    };
    const status =
      typeof body.status === 'number' || typeof body.status === 'string' ? String(body.status) : '';
    if (status !== '0') {
      return {
        kind: 'failed',
        status: status || 'INVALID_REPLY',
        message: text(body.message) ?? text(body.msg),
      };
    }
    const address = text(body.result?.formatted_address)?.trim();
    return address ? { kind: 'found', address, status } : { kind: 'none', status };
  }
}

export class GoogleGeocoder extends ProviderGeocoder {
  readonly type = 'google' as const;

  async reverse(p: GeocodePoint, lang: Lang): Promise<GeocodeOutcome> {
    const q = new URLSearchParams({
      latlng: `${coord(p.latitude)},${coord(p.longitude)}`,
      key: this.cfg.geocoderKey ?? '',
      language: lang === 'zh' ? 'zh-CN' : 'en',
    });
    const got = await fetchJson(
      `${this.cfg.geocoderUrl}/maps/api/geocode/json?${q.toString()}`,
      this.timeoutMs,
    );
    if (isOutcome(got)) return got;
    const body = got.body as { status?: unknown; error_message?: unknown; results?: unknown };
    const status = text(body.status, 64) ?? '';
    if (status === 'ZERO_RESULTS') return { kind: 'none', status };
    if (status !== 'OK') {
      return { kind: 'failed', status: status || 'INVALID_REPLY', message: text(body.error_message) };
    }
    const first = Array.isArray(body.results)
      ? (body.results[0] as { formatted_address?: unknown })
      : undefined;
    const address = text(first?.formatted_address)?.trim();
    return address ? { kind: 'found', address, status } : { kind: 'none', status };
  }
}
