/**
 * Maps for choosing and showing network locations (spec §3 local storage `mapType`, §7 GET
 * /v1/client/getMapUrl, §8 "maps unobtainable…", "no address", "geocoder failure alert with
 * status", §9 map defaults). Points are WGS-84 degrees; docs/maps.md has the decisions.
 */
import { z } from 'zod';
import { MAP_TYPES } from './map-constants.ts';

export * from './map-constants.ts';

/** What the browser needs of one map type: its tile source. Geocoder keys stay on the server. */
export const mapSource = z.object({
  type: z.enum(MAP_TYPES),
  /** An XYZ template in Web Mercator: {z}/{x}/{y}, optionally {s} (a subdomain) and {r} (retina). */
  tileUrl: z.string(),
  subdomains: z.string(),
  attribution: z.string(),
  maxZoom: z.number().int(),
  center: z.object({ longitude: z.number(), latitude: z.number() }),
  zoom: z.number().int(),
});
export type MapSource = z.infer<typeof mapSource>;

/** GET /v1/client/getMapUrl. */
export const mapUrlReply = z.object({
  list: z.array(mapSource),
  zoomOptions: z.array(z.number().int()),
  timeoutMs: z.number().int(),
});
export type MapUrlReply = z.infer<typeof mapUrlReply>;

/** GET /v1/map/geocode (docs/api-extensions.tsv): a clicked point to an address text. */
export const geocodeQuery = z.object({
  lng: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
  type: z.enum(MAP_TYPES),
  language: z.enum(['en', 'zh']).optional(),
});
export type GeocodeQuery = z.infer<typeof geocodeQuery>;

/**
 * The address of a point; `address` null when the provider found none ('no address'). `status` is
 * the provider's own (Baidu's number, Google's word), for the record.
 */
export const geocodeReply = z.object({
  address: z.string().nullable(),
  status: z.string(),
  type: z.enum(MAP_TYPES),
});
export type GeocodeReply = z.infer<typeof geocodeReply>;
