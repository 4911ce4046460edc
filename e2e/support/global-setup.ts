import type { TestProject } from 'vitest/node';
import { startDeliveryPeers, type DeliveryPeers } from './delivery.ts';
import { startMapPeer } from './map-standin.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
    mailboxURL: string;
    /** The server's factory key: simulated devices of a test derive their passwords from it. */
    factoryKey: string;
    /** MQTT over WebSocket on the server's own port (the embedded broker's /mqtt). */
    mqttURL: string;
  }
}

export const ADMIN_PASSWORD = 'e2eAdmin99';
/** A fixed factory key, so the test process can play devices (its SNs are its own). */
export const FACTORY_KEY = 'e2e0e2e1e2e2e2e3e2e4e2e5e2e6e2e7e2e8e2e9e2eae2ebe2ece2ede2eee2ef';
let server: ServerProcess | undefined;
let peers: DeliveryPeers | undefined;
let maps: Awaited<ReturnType<typeof startMapPeer>> | undefined;

/**
 * Browser tests run against one real server — a fresh store in demo mode, on a free port — that
 * sends its mail to a real SMTP server and its SMS to the provider's stand-in.
 */
export async function setup(project: TestProject): Promise<void> {
  peers = await startDeliveryPeers();
  // Map tiles and geocoding from the providers' stand-in: the tests need no Internet.
  maps = await startMapPeer();
  server = await startServerProcess({ ADMIN_PASSWORD, FACTORY_KEY, ...peers.serverEnv, ...maps.serverEnv() });
  project.provide('baseURL', server.baseURL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('mailboxURL', peers.mailboxURL);
  project.provide('factoryKey', FACTORY_KEY);
  project.provide('mqttURL', `${server.baseURL.replace(/^http/, 'ws')}/mqtt`);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await peers?.close();
  await maps?.close();
}
