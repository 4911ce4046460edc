import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, errorText } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { AppError } from './app-error.ts';
import { replies } from './schemas.ts';

let h: Harness;
let ownerToken: string;
let subToken: string;
let adminToken: string;

beforeAll(async () => {
  h = await startHarness({ bodyLimit: 4096 }, (app) => {
    // Routes that exist only in this test, to exercise the shared guard and error handler.
    app.get('/v1/test/analysis', { config: { auth: { roles: ['analysis'] } } }, async () => ({ ok: true }));
    app.get('/v1/test/financial', { config: { auth: { roles: ['financial'] } } }, async () => ({ ok: true }));
    app.get(
      '/v1/test/admin-only',
      { config: { auth: { accountRoles: [10], denyCode: 12006 } } },
      async () => ({ ok: true }),
    );
    app.get('/v1/test/boom', async () => {
      throw new Error('secret internal detail at /etc/passwd');
    });
    app.get('/v1/test/coded', async () => {
      throw new AppError(ErrorCode.SignInLocked, { minutes: 7 });
    });
    app.post(
      '/v1/test/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(1) }),
          response: replies({ 200: z.object({ name: z.string() }) }),
        },
      },
      async (req) => req.body,
    );
  });
  // The owner holds financial; its co-administrator holds analysis only (seedTenant's default).
  await seedTenant(h, 'acme', { Certified: true, Analysis: true, Financial: true, AddUser: true });
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  ownerToken = (await login(h, 'acmeown')).body.Token;
  subToken = (await login(h, 'acmesub')).body.Token;
  adminToken = (await login(h, 'root')).body.Token;
});
afterAll(async () => {
  await h.close();
});

describe('route roles (spec §6)', () => {
  it('admits a caller holding one of the route roles and refuses others with 4012', async () => {
    expect((await h.app.inject({ url: '/v1/test/analysis', headers: bearer(subToken) })).statusCode).toBe(
      200,
    );
    const refused = await h.app.inject({ url: '/v1/test/financial', headers: bearer(subToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(4012);
    expect((await h.app.inject({ url: '/v1/test/financial', headers: bearer(ownerToken) })).statusCode).toBe(
      200,
    );
    expect((await h.app.inject({ url: '/v1/test/financial', headers: bearer(subToken) })).json().code).toBe(
      4012,
    );
  });

  it('uses the refusal code a route names (12006, 15007)', async () => {
    const res = await h.app.inject({ url: '/v1/test/admin-only', headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 12006, message: errorText(12006, 'en') });
    expect((await h.app.inject({ url: '/v1/test/admin-only', headers: bearer(adminToken) })).statusCode).toBe(
      200,
    );
  });

  it('needs a session on every /v1 route that does not declare itself public', async () => {
    expect((await h.app.inject({ url: '/v1/test/boom' })).json().code).toBe(4010);
  });

  it('asks a stranger to sign in before judging the body', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(4010);
  });
});

describe('errors', () => {
  it('never leaks an internal error', async () => {
    const res = await h.app.inject({ url: '/v1/test/boom', headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 5000, message: 'Server error, please try again later' });
    expect(res.body).not.toContain('secret');
  });

  it('fills the placeholders of a coded error, in Chinese when the cookie says so', async () => {
    const res = await h.app.inject({
      url: '/v1/test/coded',
      headers: bearer(ownerToken),
      cookies: { language: 'zh' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 11020, message: '登录失败次数过多，请 7 分钟后再试' });
  });

  it('refuses an oversized body with 4130', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: bearer(ownerToken),
      payload: { name: 'x'.repeat(8000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4130);
  });

  it('refuses malformed JSON with 4001', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { ...bearer(ownerToken), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4001);
  });

  it('names the failing field of a schema violation', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: bearer(ownerToken),
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(4000);
    expect(body.details[0].path).toBe('name');
    expect(body.message).toMatch(/^Validation failed: name: /);
  });

  it('drops fields the schema does not know', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: bearer(ownerToken),
      payload: { name: 'ok', isAdmin: true },
    });
    expect(res.json()).toEqual({ name: 'ok' });
  });

  it('answers an unknown API path with 4040 JSON', async () => {
    const res = await h.app.inject({ url: '/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 4040, message: 'Not found' });
  });

  it('refuses an unsupported content type with 4150', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { ...bearer(ownerToken), 'content-type': 'application/x-something' },
      payload: 'name=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(4150);
  });
});

describe('system and documentation', () => {
  it('tells version and time (10-digit seconds)', async () => {
    const v = await h.app.inject({ url: '/system/version' });
    expect(v.json()).toMatchObject({ name: 'netconsole', mode: 'cloud' });
    expect(v.json().version).toMatch(/^\d+\.\d+\.\d+/);
    const t = (await h.app.inject({ url: '/system/time' })).json();
    expect(t.time).toBe(Math.floor(h.clock.now / 1000));
    expect(String(t.time)).toHaveLength(10);
    expect(t.iso).toBe(new Date(h.clock.now).toISOString());
  });

  it('publishes OpenAPI generated from the schemas, at /docs', async () => {
    const doc = (await h.app.inject({ url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/user/login',
        '/v1/user/getCurrentUser',
        '/system/version',
        '/v1/word/wordDetail',
      ]),
    );
    expect(
      doc.paths['/v1/user/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('Username');
    const ui = await h.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
