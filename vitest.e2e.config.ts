import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: the built app in Debian's Chromium against the real server on a fresh database.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['machine-tests/browser/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['machine-tests/browser/global-setup.ts'],
  },
});
