import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Runs Playwright specs exported from the machine explorer without @playwright/test: the import
 * `@playwright/test` is mapped onto ./test.ts (playwright-core and Debian's Chromium). The sandbox
 * server's address comes in BASE_URL (`npm start` prints it):
 *   BASE_URL=http://127.0.0.1:3000 npx vitest run --config machine-tests/playwright/vitest.config.ts <spec files>
 * A folder outside the repository: `--root <folder>` with this config by its full path.
 */
export default defineConfig({
  resolve: { alias: { '@playwright/test': fileURLToPath(new URL('./test.ts', import.meta.url)) } },
  test: {
    name: 'playwright-specs',
    environment: 'node',
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 90_000,
    // vitest sets process.env.BASE_URL to Vite's base ('/') in the workers: the server's address is
    // handed over as it was when the run started
    env: process.env.BASE_URL ? { BASE_URL: process.env.BASE_URL } : {},
  },
});
