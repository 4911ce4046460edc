/** The map domain: geocoding through Baidu or Google for the network forms. */
import { defineModule } from '../../platform/module.ts';
import { mapRoutes } from './routes.ts';
import { MapService } from './service.ts';

export const mapModule = defineModule({
  name: 'map',
  build: (p) => ({ maps: new MapService(p.config.maps) }),
  routes(app, { maps }) {
    mapRoutes(app, maps);
  },
});
