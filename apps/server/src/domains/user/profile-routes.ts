import {
  ErrorCode,
  currentUser,
  errorText,
  minuteReply,
  okReply,
  passBody,
  updateUserInfoBody,
} from '@netconsole/contract';
import { principalOf } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { UserService } from './service.ts';

/** The personal centre (/user/index): any signed-in account, about itself only. */
export function profileRoutes(app: App, users: UserService): void {
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
        summary: 'Change your name, your session timeout (applies to this session at once), or both',
        body: updateUserInfoBody,
        response: replies({ 200: currentUser }),
      },
    },
    (req) => users.updateInfo(principalOf(req), req.body),
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
    '/v1/user/getMinute',
    {
      schema: { tags, summary: 'Your session timeout in minutes', response: replies({ 200: minuteReply }) },
    },
    async (req) => ({ Minute: await users.timeoutOf(principalOf(req)) }),
  );
}
