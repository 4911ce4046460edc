import { startMapStandIn, type MapStandIn } from '../../apps/server/src/domains/map/standin.ts';

/** The keys the e2e server sends to the map stand-in (which checks them as the providers do). */
const MAP_KEYS = { baiduKey: 'e2e-baidu-ak', googleKey: 'e2e-google-key' };

/**
 * The map providers' stand-in for the browser tests: generated tiles and both geocoding protocols
 * on a free port; `serverEnv()` points the e2e server's map types at it (docs/maps.md).
 */
export function startMapPeer(): Promise<MapStandIn> {
  return startMapStandIn({ ...MAP_KEYS, host: '127.0.0.1' });
}
