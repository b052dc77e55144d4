import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ISOLATED_NODE_TESTS, MACHINE_TESTS, MACHINE_TESTS_EXCLUDE, SERVER_TESTS } from './test-isolation';

// `npm test`: every test that runs in Node. Browser tests live in vitest.e2e.config.ts.

// Every worker runs in UTC, whatever the machine's zone: a test that means a zone sets it itself.
// (Run a year ahead at UTC+14 and UTC-10 with faketime, three tests wrote a local date of the
// machine's zone and failed there; docs/bench.md, "npm test and CI".)
process.env.TZ = 'UTC';
export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default is one worker less than the cores: one worker on our 2-core machines, where
    // half of the run was each file importing the server. Two files at a time (docs/bench.md, "npm test and CI").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: MACHINE_TESTS,
          exclude: [...MACHINE_TESTS_EXCLUDE, ...ISOLATED_NODE_TESTS],
          // one module registry per worker, not per file (test-isolation.ts says why it is sound)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // the files that replace a module or a global: each with its own registry
          name: 'mocking',
          environment: 'node',
          include: ISOLATED_NODE_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS,
          // each file builds its own app and database; module state is per instance (test-isolation.ts)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
