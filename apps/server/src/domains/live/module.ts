/**
 * The live domain: the console's socket (/v1/ws, sub-protocol `live`) that pushes what changed to
 * the browsers of a tenant. The WebSocket plugin itself is the platform's (app.ts).
 */
import { defineModule } from '../../platform/module.ts';
import { userModule } from '../user/module.ts';
import { liveRoutes } from './routes.ts';
import { LiveSockets } from './sockets.ts';

export const liveModule = defineModule({
  name: 'live',
  needs: { user: userModule },
  build: (p) => ({ liveSockets: new LiveSockets({ db: p.db, clock: p.clock, hub: p.hub, log: p.log }) }),
  routes(app, { liveSockets }, _p, { user }) {
    liveRoutes(app, liveSockets, (token, o) => user.users.resolvePrincipal(token, o));
  },
  start: ({ liveSockets }) => liveSockets.start(),
  // Open sockets end before the server waits for its connections to close.
  preClose: ({ liveSockets }) => liveSockets.stop(),
});
