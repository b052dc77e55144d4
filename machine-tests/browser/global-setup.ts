import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { startServer, type RunningServer } from '../../scripts/lib/server-process';

let server: RunningServer | undefined;

/** the browser suite's hold of a newly confirmed withdrawal destination (SANDBOX_ADDRESS_HOLD_MS) */
export const ADDRESS_HOLD_MS = 4000;

/** Builds the front end if needed and starts the real server once for the browser suite. */
export async function setup(project: TestProject): Promise<void> {
  buildIfStale();
  // a saved withdrawal destination waits 4 s after its confirmation instead of a day (address-book.e2e.ts)
  server = await startServer({ SANDBOX_ADDRESS_HOLD_MS: String(ADDRESS_HOLD_MS) });
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
