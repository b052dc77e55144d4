// `npm run test:pg`: the server suite against PostgreSQL at DATABASE_URL (each test file gets its own database, a copy of one migrated template: server/test/db.ts).
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.error('test:pg needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/brokerage_test npm run test:pg');
  process.exit(2);
}
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
