import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshUserResponse } from '../../core/contract';

/**
 * Issue 18, clean shutdown: the real server process (server/main.ts as `npm run serve` runs it,
 * PGlite in a temporary folder, sandbox processors answering after 4 s like a slow network call)
 * gets SIGTERM while a card payment call is in flight: the call completes with 200 and the
 * processor's approval, the listener no longer accepts connections, and the process exits 0.
 */

const PROCESSOR_DELAY_MS = 4_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A tiny cookie-keeping client over fetch (a new connection per call is fine here). */
class Client {
  private readonly cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly base: string) {}

  async send(method: string, path: string, body?: unknown, form?: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: string | undefined;
    if (form) {
      payload = new URLSearchParams(form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['x-requested-with'] = 'XMLHttpRequest';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.base}${path}`, { method, headers, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON
    }
    return { status: res.status, json };
  }

  async me(): Promise<void> {
    this.csrf = String((await this.send('GET', '/api/me')).json.csrf ?? '');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.me();
    const platform = await this.send('POST', '/platform/login', undefined, { login: email, password });
    const token = String((platform.json.data as { token?: string } | undefined)?.token ?? '');
    const login = await this.send('POST', '/api/login', { email, password, token, captcha: 'test-fingerprint', url: '/en/login' });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.json)}`);
    await this.me();
  }
}

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

describe('SIGTERM during a payment call (issue 18)', () => {
  it('lets the call complete with 200, stops accepting, and exits 0', async () => {
    const client = new Client(base);
    await client.me();
    const fresh = await client.send('POST', '/api/sandbox/fresh-user', {});
    expect(fresh.status).toBe(200);
    const user = fresh.json as unknown as FreshUserResponse;
    await client.signIn(user.email, user.password);

    const saved = await client.send('POST', '/api/card/save', { cnu: '4000000000000010', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' });
    expect(saved.status).toBe(200);
    const checked = await client.send('POST', '/api/fraud/card', { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: saved.json.card });
    expect(checked.status).toBe(200);
    const payment = String(checked.json.payment);

    // the processor answers after PROCESSOR_DELAY_MS; SIGTERM arrives while it is being asked
    const call = client.send('POST', '/api/card/fast/orange', { id: payment, amount: '300.00', fixed: false, bonus: false });
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
