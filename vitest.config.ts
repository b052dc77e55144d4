import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// `npm test`: every test that runs in Node. Browser tests live in vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
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
