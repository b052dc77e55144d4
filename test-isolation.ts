/**
 * Which Node test files need a fresh module registry of their own (vitest's `isolate`).
 *
 * The server and machine tests run without isolation: a worker imports the server, the machines
 * and core once and runs file after file on them (`npm test` 652 s -> 339 s on 2 cores; the
 * server project alone 432 s -> 227 s). That is sound because each server test builds its own app
 * and database, and the server's module-level state is per instance (server/module-state.test.ts).
 * A file that replaces a module (`vi.mock`, `vi.doMock`) or a global (`vi.stubGlobal`) must not
 * share its registry with the files around it, so it runs isolated, as do the jsdom views (one
 * document each). scripts/test-isolation.test.ts fails when a mocking file is missing here.
 */
export const ISOLATED_NODE_TESTS = ['src/api/card.test.ts', 'src/api/csrf-retry.test.ts', 'src/api/events.test.ts', 'src/api/readiness.test.ts', 'src/flows/chat/chat-signals.test.ts', 'src/flows/trading/signature.flow.test.ts', 'src/flows/two-factor/code-entry.connect.test.ts'];

/** the globs of the Node test files outside the server (the `machines` project), less the browser suites */
export const MACHINE_TESTS = ['core/**/*.test.ts', 'machines/**/*.test.ts', 'machine-kit/**/*.test.ts', 'machine-tests/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'];
export const MACHINE_TESTS_EXCLUDE = ['machine-tests/browser/**'];

/** the server project's test files */
export const SERVER_TESTS = ['server/**/*.test.ts'];
