import {
  ErrorCode,
  changeOnlineReply,
  changeOnlineTimeReply,
  currentUser,
  loginBody,
  loginReply,
  okReply,
  setLanBody,
} from '@netconsole/contract';
import { principalOf } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { UserService } from './service.ts';

const LANGUAGE_COOKIE_DAYS = 365;

export function userRoutes(app: App, users: UserService): void {
  app.post(
    '/v1/user/login',
    {
      schema: { tags: ['user'], summary: 'Sign in', body: loginBody, response: replies({ 200: loginReply }) },
      config: {
        auth: 'public',
        fieldCodes: { Username: ErrorCode.AccountNameFormat, Password: ErrorCode.PasswordFormat },
      },
    },
    (req) =>
      users.login(req.body.Username, req.body.Password, {
        address: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      }),
  );

  app.post(
    '/v1/user/changeOnline',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign out and mark the account offline',
        response: replies({ 200: changeOnlineReply }),
      },
      config: { auth: { allowExpired: true } },
    },
    async (req) => {
      await users.signOut(principalOf(req));
      return { ok: true };
    },
  );

  app.post(
    '/v1/user/changeOnlineTime',
    {
      schema: {
        tags: ['user'],
        summary: 'Keep the session alive',
        response: replies({ 200: changeOnlineTimeReply }),
      },
    },
    async (req) => ({ ok: true as const, expiresAt: await users.keepAlive(principalOf(req)) }),
  );

  app.get(
    '/v1/user/getCurrentUser',
    { schema: { tags: ['user'], summary: 'The signed-in account', response: replies({ 200: currentUser }) } },
    (req) => users.currentUser(principalOf(req)),
  );

  app.post(
    '/v1/user/setLan',
    {
      schema: {
        tags: ['user'],
        summary: 'Choose the language (en or zh)',
        body: setLanBody,
        response: replies({ 200: okReply }),
      },
      // The sign-in page has a language selector too; a signed-in caller's choice is also remembered.
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (token) {
        const p = await users.resolvePrincipal(token, { allowExpired: false });
        await users.setLanguage(p, req.body.language);
      }
      reply.setCookie('language', req.body.language, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_DAYS * 86400,
        sameSite: 'lax',
      });
      return { ok: true as const };
    },
  );
}
