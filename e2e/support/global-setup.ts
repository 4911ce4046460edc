import type { TestProject } from 'vitest/node';
import { startDeliveryPeers, type DeliveryPeers } from './delivery.ts';
import { startMapPeer } from './map-standin.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (e2e/support/browser.ts `server()` picks the worker's). */
    servers: { baseURL: string; mqttURL: string }[];
    adminPassword: string;
    mailboxURL: string;
    /** The servers' factory key: simulated devices of a test derive their passwords from it. */
    factoryKey: string;
  }
}

/**
 * One server per worker of the browser tests (vitest.config.ts: one by default, E2E_WORKERS=n for
 * more): an account has one session (a second sign-in ends the first, 4011), and every file signs in
 * as the demo tenant, so files running at once need servers of their own.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

export const ADMIN_PASSWORD = 'e2eAdmin99';
/** A fixed factory key, so the test process can play devices (its SNs are its own). */
export const FACTORY_KEY = 'e2e0e2e1e2e2e2e3e2e4e2e5e2e6e2e7e2e8e2e9e2eae2ebe2ece2ede2eee2ef';
let servers: ServerProcess[] = [];
let peers: DeliveryPeers | undefined;
let maps: Awaited<ReturnType<typeof startMapPeer>> | undefined;

/**
 * Browser tests run against real servers — each a fresh store in demo mode, on a free port — that
 * send their mail to a real SMTP server and their SMS to the provider's stand-in.
 */
export async function setup(project: TestProject): Promise<void> {
  peers = await startDeliveryPeers();
  // Map tiles and geocoding from the providers' stand-in: the tests need no Internet.
  maps = await startMapPeer();
  const env = { ADMIN_PASSWORD, FACTORY_KEY, ...peers.serverEnv, ...maps.serverEnv() };
  servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServerProcess(env)));
  project.provide(
    'servers',
    servers.map((s) => ({ baseURL: s.baseURL, mqttURL: `${s.baseURL.replace(/^http/, 'ws')}/mqtt` })),
  );
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('mailboxURL', peers.mailboxURL);
  project.provide('factoryKey', FACTORY_KEY);
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
  await peers?.close();
  await maps?.close();
}
