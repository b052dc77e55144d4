import type * as z from 'zod/mini';
import type { CallFailure } from '../../core/failure';
import { asApiError } from '../../src/api/http';
import type { TrafficClock } from './clock';

/** fetch, or a stand-in with its shape (a test may pass its own) */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** what every trader's client adds to, for the summary */
export interface HttpStats {
  requests: number;
  /** answers 429 `rate_limited` (the server's per-address limit: every simulated trader comes from this one address), waited out and sent again */
  rateLimited: number;
}

export interface Answer {
  status: number;
  body: unknown;
  /** a redirect's Location */
  location: string;
}

interface SendOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** also wait out 503 `busy` (load shedding: refused before anything ran) and send again */
  retryBusy?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_WAITS = 20;

/**
 * One trader's browser, as far as the server can tell: its cookies (the `sid` session, the
 * platform's `pf_session`), the session's CSRF token (from GET /api/me's `csrf`, sent as
 * `x-csrf-token` on every POST, as src/api/http.ts does) and the same failures the app's `call()`
 * throws (a CallFailure: the contract's ApiError, or `network`), which the machines' guards read.
 * A 429 of the server's per-address limit is waited out (Retry-After) and sent again: it is
 * refused before the session is read, so nothing ran; it comes from the simulation (every trader
 * from one address), not from what a trader does.
 */
export class TraderClient {
  private readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(
    private readonly base: string,
    private readonly fetcher: FetchLike,
    private readonly clock: TrafficClock,
    private readonly stats: HttpStats,
  ) {}

  async send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
    for (let waits = 0; ; waits++) {
      const answer = await this.clock.busy(() => this.once(method, path, options));
      const key = errorKey(answer.body);
      const waitable = (answer.status === 429 && key === 'rate_limited') || (options.retryBusy === true && answer.status === 503 && key === 'busy');
      if (!waitable || waits >= MAX_WAITS) return answer;
      if (answer.status === 429) this.stats.rateLimited++;
      const seconds = Number(answer.retryAfter) || 1;
      // real time: the server's limit runs on its clock, not on the machines'
      await this.clock.busy(() => new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 60) * 1000)));
    }
  }

  private async once(method: string, path: string, options: SendOptions): Promise<Answer & { retryAfter: string | null }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (UNSAFE.has(method) && this.csrf) headers['x-csrf-token'] = this.csrf;
    let body: string | undefined;
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['x-requested-with'] = 'XMLHttpRequest';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    this.stats.requests++;
    const res = await this.fetcher(`${this.base}${path}`, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // left as text
      }
    }
    return { status: res.status, body: parsed, location: res.headers.get('location') ?? '', retryAfter: res.headers.get('retry-after') };
  }

  /**
   * The app's `call()` (src/api/http.ts): the answer parsed with the contract's schema, or a
   * thrown CallFailure (`network` when the server was not reached).
   */
  async call<S extends z.ZodMiniType>(schema: S, method: string, path: string, json?: unknown): Promise<z.infer<S>> {
    let answer: Answer;
    try {
      answer = await this.send(method, path, json === undefined ? {} : { json });
    } catch {
      throw { kind: 'network' } satisfies CallFailure;
    }
    if (answer.status < 200 || answer.status >= 300) throw failureOf(answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw { kind: 'http', status: answer.status, error: 'server_error', message: 'Unexpected answer from the server' } satisfies CallFailure;
    return parsed.data;
  }

  /** GET /api/me (its body): the session's user and its CSRF token, kept for the next POSTs */
  async me(): Promise<unknown> {
    const answer = await this.send('GET', '/api/me', { retryBusy: true });
    if (answer.status !== 200) throw failureOf(answer);
    const csrf = (answer.body as { csrf?: unknown } | null)?.csrf;
    this.csrf = typeof csrf === 'string' ? csrf : '';
    return answer.body;
  }
}

function errorKey(body: unknown): string {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : '';
}

/** an answer that is not a success, as the app's `toFailure()` makes it */
export function failureOf(answer: Answer): CallFailure {
  const parsed = asApiError(answer.body);
  if (parsed) return { kind: 'http', status: answer.status, error: parsed.error, message: parsed.message, ...(parsed.fields && { fields: parsed.fields }), ...(parsed.params && { params: parsed.params }) };
  return { kind: 'http', status: answer.status, error: 'server_error', message: '' };
}

/** "http 409 card.blocked" / "network": a failure in one line */
export function describeFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const failure = error as CallFailure;
    return failure.kind === 'network' ? 'network' : `http ${failure.status} ${failure.error}`;
  }
  return error instanceof Error ? error.message : String(error);
}
