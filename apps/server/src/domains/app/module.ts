/** The app domain: the mobile app's download page and its releases. */
import { defineModule } from '../../platform/module.ts';
import { ReleaseService } from './release-service.ts';
import { appRoutes, releaseRoutes } from './routes.ts';

export const appModule = defineModule({
  name: 'app',
  build: (p) => ({ releases: new ReleaseService(p.db, p.clock) }),
  routes(app, { releases }, p) {
    appRoutes(app, p.db);
    releaseRoutes(app, releases);
  },
});
