import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshUserResponse } from '../../core/contract';
import { FetchClient, freePort } from '../test/fetch-client';

/**
 * Clean shutdown: the real server process (server/main.ts as `npm run serve` runs it,
 * PGlite in a temporary folder, sandbox processors answering after 4 s like a slow network call)
 * gets SIGTERM while a card payment call is in flight: the call completes with 200 and the
 * processor's approval, the listener no longer accepts connections, and the process exits 0.
 */

const PROCESSOR_DELAY_MS = 4_000;


let child: ChildProcess;
let base = '';
let dataDir = '';
let output = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'brokerage-shutdown-'));
  const { PATH, HOME } = process.env;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH,
      HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: '1',
      SANDBOX_PROCESSOR_DELAY_MS: String(PROCESSOR_DELAY_MS),
      SHUTDOWN_GRACE_MS: '20000',
      CARD_FINGERPRINT_SECRET: 'k'.repeat(40),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  base = `http://127.0.0.1:${port}`;
  // ready: the process answers /readyz 200 once migrated and seeded
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}\n${output}`);
    const status = await fetch(`${base}/readyz`).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`the server was not ready within 90 s\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM during a payment call', () => {
  it('lets the call complete with 200, stops accepting, and exits 0', async () => {
    const client = new FetchClient();
    await client.me(base);
    const fresh = await client.send(base, 'POST', '/api/sandbox/fresh-user', {});
    expect(fresh.status).toBe(200);
    const user = fresh.json as unknown as FreshUserResponse;
    await client.signIn(base, user.email, user.password);

    const saved = await client.send(base, 'POST', '/api/card/save', { cnu: '4000000000000010', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' });
    expect(saved.status).toBe(200);
    const checked = await client.send(base, 'POST', '/api/fraud/card', { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: saved.json.card });
    expect(checked.status).toBe(200);
    const payment = String(checked.json.payment);

    // the processor answers after PROCESSOR_DELAY_MS; SIGTERM arrives while it is being asked
    const call = client.send(base, 'POST', '/api/card/fast/orange', { id: payment, amount: '300.00', fixed: false, bonus: false });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(child.exitCode).toBe(null);
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // no longer accepting: a new connection is refused while the payment call is still running
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const answer = await call;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ proc: 'ORANGE', status: 'successful' });
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: shutting down');
    expect(output).not.toMatch(/shutdown failed|grace period over/);
  }, 60_000);
});
