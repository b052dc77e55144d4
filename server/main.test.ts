import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** server/main.ts as `npm run serve` runs it, with only `env` set (no SANDBOX from the caller's shell). */
function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerage-main-'));
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH, HOME, PORT: '0', DATA_DIR: dataDir, CARD_FINGERPRINT_SECRET: 'k'.repeat(40), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const files = readdirSync(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  return { ...result, files };
}

describe('server/main.ts (sandbox mode is opt-in)', () => {
  it('refuses to start in sandbox mode with NODE_ENV=production, says why on stderr, and touches no database', () => {
    const run = start({ NODE_ENV: 'production', SANDBOX: '1' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: SANDBOX=1 is refused with NODE_ENV=production');
    expect(run.stderr).toContain('ALLOW_SANDBOX_IN_PRODUCTION=1');
    expect(run.stdout).not.toContain('Brokerage is ready');
    expect(run.files).toEqual([]);
  }, 90_000);

  it('a refused value names its variable, exits 1 and touches no database', () => {
    const run = start({ SANDBOX: '1', DB_POOL_SIZE: 'many' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: DB_POOL_SIZE must be a whole number from 1 to 1000, got "many"');
    expect(run.files).toEqual([]);
  }, 90_000);

  it('refuses a short SANDBOX_OPERATOR_TOKEN the same way', () => {
    const run = start({ SANDBOX: '1', SANDBOX_OPERATOR_TOKEN: 'short' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: SANDBOX_OPERATOR_TOKEN must be at least 24 characters');
  }, 90_000);
});
