import { useMutation } from '@tanstack/react-query';
import type { GeocodeReply, MapType } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export interface GeoPoint {
  longitude: number;
  latitude: number;
}

/**
 * GET /v1/map/geocode: the address of a point through the map type's geocoder (the server holds
 * the provider keys). `address` null: the provider found none. A provider failure rejects with
 * 19002, whose text carries the provider's status.
 */
export function reverseGeocode(point: GeoPoint, type: MapType): Promise<GeocodeReply> {
  return api.get<GeocodeReply>('/v1/map/geocode', {
    query: { lng: point.longitude, lat: point.latitude, type },
  });
}

export function useReverseGeocode() {
  return useMutation({
    mutationFn: ({ point, type }: { point: GeoPoint; type: MapType }) => reverseGeocode(point, type),
    // The picker shows the failure alert itself.
    meta: { silent: true },
  });
}
