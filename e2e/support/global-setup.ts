import type { TestProject } from 'vitest/node';
import { startDeliveryPeers, type DeliveryPeers } from './delivery.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
    mailboxURL: string;
  }
}

export const ADMIN_PASSWORD = 'e2eAdmin99';
let server: ServerProcess | undefined;
let peers: DeliveryPeers | undefined;

/**
 * Browser tests run against one real server — a fresh store in demo mode, on a free port — that
 * sends its mail to a real SMTP server and its SMS to the provider's stand-in.
 */
export async function setup(project: TestProject): Promise<void> {
  peers = await startDeliveryPeers();
  server = await startServerProcess({ ADMIN_PASSWORD, ...peers.serverEnv });
  project.provide('baseURL', server.baseURL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('mailboxURL', peers.mailboxURL);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await peers?.close();
}
