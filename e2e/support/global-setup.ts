import type { TestProject } from 'vitest/node';
import { startServerProcess, type ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
}

export const ADMIN_PASSWORD = 'e2eAdmin99';
let server: ServerProcess | undefined;

/** Browser tests run against one real server: a fresh store in demo mode, on a free port. */
export async function setup(project: TestProject): Promise<void> {
  server = await startServerProcess({ ADMIN_PASSWORD });
  project.provide('baseURL', server.baseURL);
  project.provide('adminPassword', ADMIN_PASSWORD);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
