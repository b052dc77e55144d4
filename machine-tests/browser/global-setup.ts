import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { startServer, type RunningServer } from '../../scripts/lib/server-process';

let server: RunningServer | undefined;

/** Builds the front end if needed and starts the real server once for the browser suite. */
export async function setup(project: TestProject): Promise<void> {
  buildIfStale();
  server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('sandboxOperator', server.operatorToken);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** the test server's sandbox operator token: send it as x-sandbox-operator to act on any user's sandbox objects */
    sandboxOperator: string;
  }
}
