/**
 * The account domain's calls: password recovery by SMS code (/v1/sms/*, /v1/user/forgotPwd) and the
 * personal centre's verified changes of e-mail address and phone number.
 */
import {
  ErrorCode,
  checkMailCodeBody,
  checkMailQuery,
  checkMailReply,
  checkPhoneBody,
  codeSentReply,
  currentUser,
  forgotPwdBody,
  forgotPwdReply,
  smsSendBody,
  updateEmailBody,
  updatePhoneBody,
  verifiedForPwdBody,
  verifiedForPwdReply,
} from '@netconsole/contract';
import { principalOf } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ContactService } from './contact-service.ts';
import type { RecoveryService } from './recovery-service.ts';

/** SMS codes of the public pages (the forgotten-password code) and the reset they allow. */
export function recoveryRoutes(app: App, recovery: RecoveryService): void {
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
  app.post(
    '/v1/user/forgotPwd',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password with the SMS code (or its ticket) and sign in',
        body: forgotPwdBody,
        response: replies({ 200: forgotPwdReply }),
      },
      config: {
        auth: 'public',
        fieldCodes: {
          Phone: ErrorCode.PhoneFormat,
          Code: ErrorCode.VerificationCodeWrong,
          Ticket: ErrorCode.VerificationCodeInvalid,
          Password: ErrorCode.PasswordWeak,
          ConfirmPassword: ErrorCode.PasswordsDiffer,
        },
      },
    },
    (req) => recovery.reset(req.body, { address: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );
}

/** New e-mail address or phone number of the signed-in account, confirmed by a code sent there. */
export function contactRoutes(app: App, contacts: ContactService): void {
  const tags = ['user'];
  const fieldCodes = {
    Email: ErrorCode.EmailFormat,
    Phone: ErrorCode.PhoneFormat,
    Code: ErrorCode.VerificationCodeWrong,
  };

  app.get(
    '/v1/user/checkMail',
    {
      schema: {
        tags,
        summary: 'Your e-mail address, and whether another account uses a given one',
        querystring: checkMailQuery,
        response: replies({ 200: checkMailReply }),
      },
      config: { fieldCodes },
    },
    (req) => contacts.checkMail(principalOf(req), req.query.Email),
  );

  app.post(
    '/v1/user/updateEmail',
    {
      schema: {
        tags,
        summary: 'Send a code to a new e-mail address',
        body: updateEmailBody,
        response: replies({ 200: codeSentReply }),
      },
      config: { fieldCodes },
    },
    (req) => contacts.requestEmailChange(principalOf(req), req.body.Email, req.ip),
  );

  app.post(
    '/v1/user/checkMailCode',
    {
      schema: {
        tags,
        summary: 'Use the e-mailed code: the new address becomes yours',
        body: checkMailCodeBody,
        response: replies({ 200: currentUser }),
      },
      config: { fieldCodes },
    },
    (req) => contacts.confirmEmailChange(principalOf(req), req.body.Email, req.body.Code),
  );

  app.post(
    '/v1/user/checkPhone',
    {
      schema: {
        tags,
        summary: 'Send a code by SMS to a new phone number',
        body: checkPhoneBody,
        response: replies({ 200: codeSentReply }),
      },
      config: { fieldCodes },
    },
    (req) => contacts.requestPhoneChange(principalOf(req), req.body.Phone, req.ip),
  );

  app.post(
    '/v1/user/updatePhone',
    {
      schema: {
        tags,
        summary: 'Use the SMS code: the new number becomes yours',
        body: updatePhoneBody,
        response: replies({ 200: currentUser }),
      },
      config: { fieldCodes },
    },
    (req) => contacts.confirmPhoneChange(principalOf(req), req.body.Phone, req.body.Code),
  );
}
