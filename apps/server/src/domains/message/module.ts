/** The message domain: a tenant's message centre (topology changes and other notices). */
import { defineModule } from '../../platform/module.ts';
import { tenantModule } from '../tenant/module.ts';
import { messageRoutes } from './routes.ts';
import { MessageService } from './service.ts';

export const messageModule = defineModule({
  name: 'message',
  needs: { tenant: tenantModule },
  build: (p, { tenant }) => ({ messages: new MessageService(p.db, p.clock, tenant.tenants) }),
  routes(app, { messages }) {
    messageRoutes(app, messages);
  },
});
