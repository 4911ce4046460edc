/**
 * The account domain: verification codes by mail and SMS, password recovery, and verified changes of
 * an account's e-mail address and phone number.
 */
import { defineModule } from '../../platform/module.ts';
import { userModule } from '../user/module.ts';
import { VerificationCodes } from './codes.ts';
import { ContactService } from './contact-service.ts';
import { RecoveryService } from './recovery-service.ts';
import { contactRoutes, recoveryRoutes } from './routes.ts';

export const accountModule = defineModule({
  name: 'account',
  needs: { user: userModule },
  build(p, { user }) {
    const codes = new VerificationCodes(p.db, p.clock);
    return {
      codes,
      contacts: new ContactService(user.users, codes, p.notify, p.log),
      recovery: new RecoveryService(user.users, codes, p.notify, p.log),
    };
  },
  routes(app, { contacts, recovery }) {
    recoveryRoutes(app, recovery);
    contactRoutes(app, contacts);
  },
  // Sends still under way finish before the mailer closes.
  stop: ({ recovery }) => recovery.idle(),
});
