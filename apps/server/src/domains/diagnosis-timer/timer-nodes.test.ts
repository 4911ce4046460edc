/**
 * Timers across restarts and nodes: a timer saved on a server that then stops fires on the next
 * one started on the same store, and two servers sharing a store fire each slot once. Servers are
 * built here on one store (SQLite: one file; PostgreSQL: a database each server opens with a pool
 * of its own), with one controllable clock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiagnosisRunList, TimerItem } from '@netconsole/contract';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../platform/config.ts';
import { openStore, type Store } from '../../platform/store/db.ts';
import { apiCaller, busConfig, login, TEST_STORE, testDatabase, type Harness } from '../../test/harness.ts';

const DAY = 86_400_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A store and a clock that servers started with `boot()` share. */
async function bench() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-timer-'));
  const database = TEST_STORE === 'postgres' ? await testDatabase() : undefined;
  const clock = {
    now: Date.UTC(2026, 10, 21, 8, 0, 0),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const stores: Store[] = [];
  let sqlite: Store | undefined;
  const open = async (): Promise<Store> => {
    if (!database) return (sqlite ??= await openStore({ sqliteFile: path.join(tmp, 'console.sqlite') }));
    const s = await openStore({ databaseUrl: database.url, poolSize: 4 });
    stores.push(s);
    return s;
  };
  const apps: Harness[] = [];
  cleanups.push(async () => {
    for (const a of apps) await a.app.close();
    for (const s of stores) await s.close();
    await sqlite?.close();
    await database?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  return {
    clock,
    /** A server on the shared store, as another node or a restart would start. */
    async boot(): Promise<Harness> {
      const base = loadConfig({ DATA_DIR: tmp, DEMO: '0', LOG_LEVEL: 'silent', CHECK_REPLIES: '1' });
      const config: Config = { ...base, webDist: undefined, mqtt: busConfig('off') };
      const store = await open();
      const { app, services } = await buildApp(config, store, { clock: () => clock.now, logger: false });
      await app.ready();
      const h: Harness = { app, services, store, config, clock, mqttUrl: null, close: () => app.close() };
      apps.push(h);
      return h;
    },
  };
}

/** A tenant with one registered AP and a timer at 17:00:30 Shanghai, enabled, saved on `h`. */
async function timerOn(h: Harness) {
  const { call, signIn } = apiCaller(() => h);
  const { token } = await signIn('tnode');
  const ap = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
    SN: 'TND0000001',
    MAC: 'A0B1C2D3E4F5',
    Alias: 'ap',
    Type: 2,
  });
  expect(ap.status, JSON.stringify(ap.body)).toBe(200);
  const t = await call<TimerItem>(token, 'POST', '/v1/diagnose/addTimer', {
    Name: 'Every afternoon',
    Data: { Hour: 17, Minute: 0, Second: 30 },
    Status: 1,
    TimeZone: 'Asia/Shanghai',
    Devices: [ap.body._id],
    Targets: ['www.qq.com'],
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return t.body;
}

async function runsOf(h: Harness, timerId: string): Promise<DiagnosisRunList['list']> {
  const token = (await login(h, 'tnodeown')).body.Token;
  const { read } = apiCaller(() => h);
  return (await read<DiagnosisRunList>(token, 'GET', `/v1/diagnose/getAllIssued?TimerId=${timerId}`)).list;
}

describe('timers across restarts and nodes', { timeout: 60_000 }, () => {
  it('a timer saved before a restart fires on the server started after it', async () => {
    const b = await bench();
    const first = await b.boot();
    const timer = await timerOn(first);
    await first.app.close();

    const second = await b.boot();
    b.clock.now = timer.NextRun!;
    await second.services.jobs.runDue(b.clock.now);
    expect(await runsOf(second, timer._id)).toHaveLength(1);
    b.clock.now += DAY;
    await second.services.jobs.runDue(b.clock.now);
    expect(await runsOf(second, timer._id)).toHaveLength(2);
  });

  it('two servers sharing a store fire each slot once', async () => {
    const b = await bench();
    const one = await b.boot();
    const two = await b.boot();
    const timer = await timerOn(one);
    for (const day of [0, 1, 2]) {
      b.clock.now = timer.NextRun! + day * DAY;
      await Promise.all([one.services.jobs.runDue(b.clock.now), two.services.jobs.runDue(b.clock.now)]);
    }
    const runs = await runsOf(two, timer._id);
    expect(runs.map((r) => r.CreateTime).sort()).toEqual([0, 1, 2].map((d) => timer.NextRun! + d * DAY));
  });
});
