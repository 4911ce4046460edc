/**
 * Maps (docs/maps.md): the tile sources handed to browsers (GET /v1/client/getMapUrl) and reverse
 * geocoding through the server (GET /v1/map/geocode), so provider keys never reach a browser and a
 * provider's refusal arrives as a coded error carrying the provider's status.
 */
import {
  ErrorCode,
  MAP_DEFAULT_VIEW,
  MAP_LOAD_TIMEOUT_MS,
  MAP_TYPES,
  MAP_ZOOM_OPTIONS,
  type GeocodeQuery,
  type GeocodeReply,
  type Lang,
  type MapType,
  type MapUrlReply,
} from '@netconsole/contract';
import type { MapsConfig } from '../../platform/config.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { BaiduGeocoder, GoogleGeocoder, type Geocoder } from './geocoders.ts';

/** Web Mercator tile sources go to zoom 19 at most (OpenStreetMap's limit, above spec §9's 18). */
const MAX_ZOOM = 19;

export class MapService {
  private readonly geocoders: Record<MapType, Geocoder>;

  constructor(private readonly config: MapsConfig) {
    this.geocoders = {
      baidu: new BaiduGeocoder(config.baidu, config.geocoderTimeoutMs),
      google: new GoogleGeocoder(config.google, config.geocoderTimeoutMs),
    };
  }

  sources(): MapUrlReply {
    return {
      list: MAP_TYPES.map((type) => {
        const p = this.config[type];
        const view = MAP_DEFAULT_VIEW[type];
        return {
          type,
          tileUrl: p.tileUrl,
          subdomains: p.tileSubdomains,
          attribution: p.tileAttribution,
          maxZoom: MAX_ZOOM,
          center: { longitude: view.longitude, latitude: view.latitude },
          zoom: view.zoom,
        };
      }),
      zoomOptions: [...MAP_ZOOM_OPTIONS],
      timeoutMs: MAP_LOAD_TIMEOUT_MS,
    };
  }

  /** The address of a point; null address when the provider knows none ('no address'). */
  async geocode(q: GeocodeQuery, lang: Lang): Promise<GeocodeReply> {
    const outcome = await this.geocoders[q.type].reverse({ longitude: q.lng, latitude: q.lat }, lang);
    switch (outcome.kind) {
      case 'found':
        return { address: outcome.address, status: outcome.status, type: q.type };
      case 'none':
        return { address: null, status: outcome.status, type: q.type };
      case 'timeout':
        throw new AppError(ErrorCode.GeocoderTimeout);
      case 'failed':
        throw new AppError(ErrorCode.GeocoderFailed, { status: outcome.status }, [
          {
            path: 'status',
            message: outcome.message ? `${outcome.status}: ${outcome.message}` : outcome.status,
          },
        ]);
    }
  }
}
