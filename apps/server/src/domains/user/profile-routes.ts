import {
  ErrorCode,
  checkMailCodeBody,
  checkMailQuery,
  checkMailReply,
  checkPhoneBody,
  codeSentReply,
  currentUser,
  errorText,
  ONLINE_MINUTES,
  minuteReply,
  okReply,
  onTimeAllReply,
  passBody,
  updateEmailBody,
  updateOnTimeBody,
  updateOnTimeReply,
  updatePhoneBody,
  updateUserInfoBody,
} from '@netconsole/contract';
import { principalOf } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ContactService } from '../account/contact-service.ts';
import type { UserService } from './service.ts';

/** The personal centre (/user/index): any signed-in account, about itself only. */
export function profileRoutes(app: App, users: UserService, contacts: ContactService): void {
  const tags = ['user'];
  const fieldCodes = {
    OldPassword: ErrorCode.OldPasswordWrong,
    Password: ErrorCode.PasswordWeak,
    ConfirmPassword: ErrorCode.PasswordsDiffer,
    Email: ErrorCode.EmailFormat,
    Phone: ErrorCode.PhoneFormat,
    Code: ErrorCode.VerificationCodeWrong,
  };

  app.put(
    '/v1/user/updateUserInfo',
    {
      schema: {
        tags,
        summary: 'Change your name',
        body: updateUserInfoBody,
        response: replies({ 200: currentUser }),
      },
    },
    (req) => users.updateInfo(principalOf(req), req.body.Name),
  );

  app.put(
    '/v1/user/pass',
    {
      schema: {
        tags,
        summary: 'Change your password (your other sessions end)',
        body: passBody,
        response: replies({ 200: okReply }),
      },
      config: { fieldCodes },
    },
    async (req) => {
      await users.changePassword(principalOf(req), req.body.OldPassword, req.body.Password);
      return { ok: true as const, message: errorText(ErrorCode.PasswordChanged, requestLang(req)) };
    },
  );

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

  app.get(
    '/v1/user/getMinute',
    {
      schema: { tags, summary: 'Your session timeout in minutes', response: replies({ 200: minuteReply }) },
    },
    async (req) => ({ Minute: await users.timeoutOf(principalOf(req)) }),
  );

  app.get(
    '/v1/user/getOnTimeAll',
    {
      schema: {
        tags,
        summary: 'The session timeouts to choose from',
        response: replies({ 200: onTimeAllReply }),
      },
    },
    async () => ({ list: [...ONLINE_MINUTES] }),
  );

  app.post(
    '/v1/user/UpdateOnTime',
    {
      schema: {
        tags,
        summary: 'Choose your session timeout (applies to this session at once)',
        body: updateOnTimeBody,
        response: replies({ 200: updateOnTimeReply }),
      },
    },
    (req) => users.setTimeoutMinutes(principalOf(req), req.body.Minute),
  );
}
