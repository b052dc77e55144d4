import ky, { HTTPError, type Options } from 'ky';
import type * as z from 'zod/mini';
import type { ApiError } from '../../core/contract/common';
import { csrfToken, setCsrfToken } from './csrf';

/**
 * What a failed call looks like to the rest of the app (the same plain shape machines use,
 * see machines/shared/failure.ts): either the server was not reached, or it answered with
 * the contract's ApiError.
 */
/** `fields`: a refusal of what was sent names each bad field's key (the form marks them) */
/** `params`: the values the translation of `error` puts in its text */
export type CallFailure = { kind: 'network' } | { kind: 'http'; status: number; error: string; message: string; fields?: Record<string, string>; params?: Record<string, string> };

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let learning: Promise<void> | null = null;

/**
 * The CSRF token before the first state-changing call. The app learns it from the session's
 * GET /api/me at start, but a page may send a POST as it opens (the reset link's check, the
 * autologin key) before that answer is in: such a call asks GET /api/me itself (one at a time)
 * instead of going out without the header and being refused. If the session cannot be reached
 * the call goes out as it is and fails like any other.
 */
async function knownCsrf(): Promise<string> {
  if (!csrfToken())
    await (learning ??= fetch('/api/me', { cache: 'no-store' })
      .then((res) => res.json() as Promise<{ csrf?: unknown }>)
      .then((me) => typeof me.csrf === 'string' && !csrfToken() && setCsrfToken(me.csrf))
      .catch(() => undefined)
      .finally(() => (learning = null))
      .then(() => undefined));
  return csrfToken();
}

/** The one ky instance: same-origin cookies, CSRF header, no automatic retries of payments. */
export const http = ky.create({
  credentials: 'same-origin',
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      async (request) => {
        if (unsafe.has(request.method)) request.headers.set('x-csrf-token', await knownCsrf());
      },
    ],
    afterResponse: [
      /**
       * A state-changing call refused `csrf` is sent once more with the token learned again. On a
       * first visit the session's GET /api/me and a call's own (a reset link, an autologin key) can
       * both go out without a cookie: the server makes two anonymous sessions, the browser keeps
       * the cookie of the one answered last, the app may hold the other's token. The refusal comes
       * before anything is read or done (server/http/session.ts), so sending it again cannot do
       * anything twice; a second refusal is the caller's, as before.
       */
      async (request, _options, response) => {
        if (response.status !== 403 || !unsafe.has(request.method)) return;
        if (asApiError(await response.json().catch(() => null))?.error !== 'csrf') return;
        setCsrfToken('');
        const token = await knownCsrf();
        if (!token) return;
        request.headers.set('x-csrf-token', token);
        return ky(request, { retry: 0, timeout: 20_000 });
      },
    ],
  },
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTexts = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((x) => typeof x === 'string');

/**
 * The contract's ApiError (core/contract/common.ts) read without zod: every failed call goes
 * through here, the first page's included, and zod stays out of that page's first chunk.
 * src/api/http.test.ts holds it to the schema on the same bodies.
 */
export function asApiError(body: unknown): ApiError | null {
  if (!isObject(body) || typeof body.error !== 'string' || typeof body.message !== 'string') return null;
  if (body.code !== undefined && typeof body.code !== 'string') return null;
  if (body.fields !== undefined && !isTexts(body.fields)) return null;
  if (body.params !== undefined && !isTexts(body.params)) return null;
  return {
    error: body.error,
    message: body.message,
    ...(body.code !== undefined && { code: body.code }),
    ...(body.fields !== undefined && { fields: body.fields }),
    ...(body.params !== undefined && { params: body.params }),
  };
}

/** A failed ky call as a CallFailure (the contract's ApiError, else `server_error`; anything else `network`). */
export async function toFailure(error: unknown): Promise<CallFailure> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => null);
    const parsed = asApiError(body);
    const status = error.response.status;
    if (parsed) return { kind: 'http', status, error: parsed.error, message: parsed.message, ...(parsed.fields && { fields: parsed.fields }), ...(parsed.params && { params: parsed.params }) };
    return { kind: 'http', status, error: 'server_error', message: '' };
  }
  return { kind: 'network' };
}

/**
 * One server call: sends, then parses the answer with the contract schema. Throws a
 * CallFailure (never a raw ky error) so machines can tell transport from server failures.
 */
export async function call<S extends z.ZodMiniType>(schema: S | (() => Promise<S>), url: string, options: Options = {}): Promise<z.infer<S>> {
  // a schema given as its loader (the first page's calls: src/api/contracts.ts) comes beside the answer
  const loading = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  let body: unknown;
  try {
    body = await http(url.replace(/^\//, '/'), options).json();
  } catch (error) {
    loading.catch(() => undefined);
    throw await toFailure(error);
  }
  const parsed = (await loading).safeParse(body);
  if (!parsed.success) {
    const failure: CallFailure = { kind: 'http', status: 200, error: 'server_error', message: 'Unexpected answer from the server' };
    throw failure;
  }
  return parsed.data;
}
