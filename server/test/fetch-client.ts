import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, for tests that start real server processes. */
export async function freePort(): Promise<number> {
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

/**
 * A cookie-keeping client over fetch for tests against real server processes (app.inject
 * cannot reach another process): one session, sent to whichever instance `base` names, so a
 * test can sign in on instance A and carry on through instance B.
 */
export class FetchClient {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(base: string, method: string, path: string, body?: unknown, form?: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
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
    const res = await fetch(`${base}${path}`, { method, headers, body: payload });
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

  /** reads the session's CSRF token (and makes the session when there is none) */
  async me(base: string): Promise<void> {
    this.csrf = String((await this.send(base, 'GET', '/api/me')).json.csrf ?? '');
  }

  /** the sandbox platform's sign-in, then ours, as the login page does */
  async signIn(base: string, email: string, password: string): Promise<void> {
    await this.me(base);
    const platform = await this.send(base, 'POST', '/platform/login', undefined, { login: email, password });
    const token = String((platform.json.data as { token?: string } | undefined)?.token ?? '');
    const login = await this.send(base, 'POST', '/api/login', { email, password, token, captcha: 'test-fingerprint', url: '/en/login' });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.json)}`);
    await this.me(base);
  }
}
