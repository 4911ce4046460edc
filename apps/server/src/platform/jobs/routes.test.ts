import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import type { Jobs } from './jobs.ts';

let h: Harness;
let jobs: Jobs;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  jobs = h.services.jobs;
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  admin = (await login(h, 'root')).body.Token;
});
afterAll(async () => {
  await h.close();
});

const list = (query: string, token = admin) =>
  h.app.inject({ url: `/system/jobs${query}`, headers: bearer(token) });

describe('GET /system/jobs', () => {
  it('lists runs newest first with their status, attempts and last error, and the counts', async () => {
    jobs.define('ok', async () => undefined);
    jobs.define(
      'broken',
      async () => {
        throw new Error('no route to host');
      },
      { attempts: 1 },
    );
    // The server's modules queue runs of their own at start (sweeps, repairs): this test counts its own.
    await h.store.db.deleteFrom('job_runs').execute();
    await jobs.enqueue('ok', { n: 1 });
    h.clock.advance(1000);
    await jobs.enqueue('broken', null);
    h.clock.advance(1000);
    await jobs.enqueue('ok', { n: 2 }, { at: h.clock.now + 60_000, key: 'later' });
    await jobs.runDue();

    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.list.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['ok', 'queued'],
      ['broken', 'dead'],
      ['ok', 'done'],
    ]);
    expect(body.list[1]).toMatchObject({ attempt: 1, node: jobs.node, lastError: 'Error: no route to host' });
    expect(body.list[0]).toMatchObject({ key: 'later', attempt: 0, startedAt: null });
    expect(body.byStatus).toEqual({ queued: 1, running: 0, done: 1, failed: 0, dead: 1 });

    const dead = (await list('?status=dead')).json();
    expect(dead.list.map((r: { name: string }) => r.name)).toEqual(['broken']);
    const page = (await list('?name=ok&limit=1&page=2')).json();
    expect([page.count, page.list.length, page.list[0].status]).toEqual([2, 1, 'done']);
  });

  it('is the administrator’s alone, and validates its query', async () => {
    expect((await h.app.inject({ url: '/system/jobs' })).json().code).toBe(ErrorCode.NotSignedIn);
    await seedTenant(h, 'jobs');
    const owner = (await login(h, 'jobsown')).body.Token;
    expect((await list('', owner)).json().code).toBe(ErrorCode.NoAccessRights);
    const bad = await list('?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.ValidationFailed);
  });
});
