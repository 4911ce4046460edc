/**
 * The map constants the console needs at once (spec §3 `mapType`, §9 defaults), apart from the
 * schemas in map.ts so the dashboard's map does not load zod for them.
 */
/** The map type the console keeps in local storage (spec §3): a Chinese or a global map service. */
export const MAP_TYPES = ['baidu', 'google'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export function isMapType(value: unknown): value is MapType {
  return typeof value === 'string' && (MAP_TYPES as readonly string[]).includes(value);
}

/** spec §9: the map (script and tiles) gives up after 10 s. */
export const MAP_LOAD_TIMEOUT_MS = 10_000;
/** spec §9: the zoom levels a user picks from. */
export const MAP_ZOOM_OPTIONS = [6, 10, 14, 18] as const;

/** spec §9: the Baidu-type centre (about 100°E 30°N, zoom 4) and the other default (Beijing). */
export const MAP_DEFAULT_VIEW: Readonly<
  Record<MapType, { longitude: number; latitude: number; zoom: number }>
> = {
  baidu: { longitude: 100, latitude: 30, zoom: 4 },
  google: { longitude: 116.404, latitude: 39.915, zoom: 10 },
};
