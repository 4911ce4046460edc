import { ErrorCode, geocodeQuery, geocodeReply, mapUrlReply } from '@netconsole/contract';
import type { AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { MapService } from './service.ts';

/** Any signed-in account. */
const auth: AuthRule = {};

export function mapRoutes(app: App, maps: MapService): void {
  app.get(
    '/v1/client/getMapUrl',
    {
      schema: {
        tags: ['map'],
        summary: 'The map tile sources per map type, their default views, zoom options and load time-out',
        response: replies({ 200: mapUrlReply }),
      },
      config: { auth },
    },
    () => maps.sources(),
  );
  app.get(
    '/v1/map/geocode',
    {
      schema: {
        tags: ['map'],
        summary: "A point's address through the map type's geocoder (null: the provider found none)",
        querystring: geocodeQuery,
        response: replies({ 200: geocodeReply }),
      },
      // Bad coordinates or map type: the catalogue's map-parameter error rather than 4000.
      config: {
        auth,
        fieldCodes: {
          lng: ErrorCode.MapParamsInvalid,
          lat: ErrorCode.MapParamsInvalid,
          type: ErrorCode.MapParamsInvalid,
        },
      },
    },
    (req) => maps.geocode(req.query, requestLang(req)),
  );
}
