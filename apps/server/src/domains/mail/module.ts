/** The mail domain: the administrator's view of the outbox (mail and SMS the server sent or held). */
import { defineModule } from '../../platform/module.ts';
import { OutboxService } from './outbox-service.ts';
import { outboxRoutes } from './routes.ts';

export const mailModule = defineModule({
  name: 'mail',
  build: (p) => ({ outbox: new OutboxService(p.db) }),
  routes(app, { outbox }) {
    outboxRoutes(app, outbox);
  },
});
