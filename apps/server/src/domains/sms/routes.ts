import {
  ErrorCode,
  codeSentReply,
  smsSendBody,
  verifiedForPwdBody,
  verifiedForPwdReply,
} from '@netconsole/contract';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { RecoveryService } from '../account/recovery-service.ts';

/** SMS codes of the public pages: the forgotten-password code for now. */
export function smsRoutes(app: App, recovery: RecoveryService): void {
  const fieldCodes = { Phone: ErrorCode.PhoneFormat, Code: ErrorCode.VerificationCodeWrong };
  app.post(
    '/v1/sms/send',
    {
      schema: {
        tags: ['sms'],
        summary: 'Send a password reset code to the account with this phone (same reply either way)',
        body: smsSendBody,
        response: replies({ 200: codeSentReply }),
      },
      config: { auth: 'public', fieldCodes },
    },
    (req) => recovery.sendCode(req.body.Phone, req.ip),
  );
  app.post(
    '/v1/sms/verifiedForPwd',
    {
      schema: {
        tags: ['sms'],
        summary: 'Check the password reset code; answers a ticket for forgotPwd',
        body: verifiedForPwdBody,
        response: replies({ 200: verifiedForPwdReply }),
      },
      config: { auth: 'public', fieldCodes },
    },
    (req) => recovery.verifyCode(req.body.Phone, req.body.Code),
  );
}
