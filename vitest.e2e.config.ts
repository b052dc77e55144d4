import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: the built app in Debian's Chromium against the real server on a fresh database.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['machine-tests/browser/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page to catch up (a push, a reload, a lazy chunk): vitest's 1 s
    // default is shorter than a busy 2-core machine's page load, two test files at once in CI
    // most of all. A longer wait asserts the same thing; a value that never comes still fails.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    // one worker process per slot for every file (not one per file): the files share no module state
    // (each launches its own browser and makes its own traders), and a fresh process per file was
    // 2-3 s of CPU each for importing vitest and playwright-core again, 60 times
    isolate: false,
    globalSetup: ['machine-tests/browser/global-setup.ts'],
  },
});
