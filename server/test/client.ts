import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { deliverPending } from '../domain/platform-mirror/outbox';
import { sandboxGateway } from '../sandbox/platform/gateway';
import type { Config } from '../config';
import { freshDb, type TestDb } from './db';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SendOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** raw body (sent as is) */
  body?: string;
  headers?: Record<string, string>;
  /** send the session's CSRF header on unsafe methods (default true) */
  csrf?: boolean;
}

/** A tiny browser for app.inject(): keeps cookies and the CSRF token from /api/me. */
export class Browser {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(readonly app: FastifyInstance) {}

  async send(method: string, url: string, options: SendOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (UNSAFE.has(method) && options.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: string | undefined = options.body;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.form) {
      payload = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const res = await this.app.inject({ method: method as InjectOptions['method'], url, headers, payload });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** GET /api/me, remembering the CSRF token. */
  async me(): Promise<{ user: Record<string, unknown> | null; csrf: string }> {
    const res = await this.send('GET', '/api/me');
    const body = res.json() as { user: Record<string, unknown> | null; csrf: string };
    this.csrf = body.csrf;
    return body;
  }

  /** The platform login (form-encoded, as the front end sends it). */
  platformLogin(login: string, password: string): Promise<LightMyRequestResponse> {
    return this.send('POST', '/platform/login', { form: { login, password }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
  }

  /** POST /api/login with the contract's body. */
  /** `extra`: more of the body (withdrawOnly) */
  login(email: string, password: string, token: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
    return this.send('POST', '/api/login', { json: { email, password, token, captcha: 'test-fingerprint', url: '/en/login', ...extra } });
  }

  /** The whole sign-in as the front end does it: me, platform login, product login, me. */
  async signIn(email: string, password: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
    await this.me();
    const platform = await this.platformLogin(email, password);
    const token = (platform.json() as { data?: { token: string } }).data?.token ?? '';
    const res = await this.login(email, password, token, extra);
    await this.me();
    return res;
  }
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
  browser(): Browser;
}

/** A fresh database (seeded by default) and the app on it. */
export async function testApp(options: { seed?: boolean; config?: Partial<Config> } & Partial<Pick<AppOptions, 'distDir' | 'push'>> = {}): Promise<TestApp> {
  const t = await freshDb({ seed: options.seed ?? true, config: options.config });
  const app = await buildApp({ db: t.db, config: t.config, distDir: options.distDir, ...(options.push && { push: options.push }) });
  // the seeded deposits are on the platform before the first test (the app's worker would take a moment)
  await deliverPending(t.db, sandboxGateway(t.db));
  return {
    ...t,
    app,
    browser: () => new Browser(app),
    async close() {
      await app.close();
      await t.close();
    },
  };
}
