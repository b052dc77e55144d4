import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// `npm test`: every test that runs in Node. Browser tests live in vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default is one worker less than the cores: one worker on our 2-core machines, where
    // half of the run is each file importing the server. Two files at a time (docs/bench.md "npm test").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['core/**/*.test.ts', 'machines/**/*.test.ts', 'machine-kit/**/*.test.ts', 'machine-tests/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['machine-tests/browser/**'],
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
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
