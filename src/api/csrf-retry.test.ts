import { afterEach, describe, expect, it, vi } from 'vitest';
import { HTTPError } from 'ky';
import { csrfToken, setCsrfToken } from './csrf';
import { http } from './http';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = () => json({ error: 'csrf', message: 'Your session changed or expired. Reload the page and try again.' }, 403);

/** the state-changing calls the stub saw, with the token each carried */
function stubServer(answer: (token: string, n: number) => Response, meToken = 'B') {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://app.test"));
      // a real fetch sends (reads) the body; ky keeps a copy of the request for a retry, whose stream waits on it
      await request.text();
      if (new URL(request.url).pathname === '/api/me') return json({ csrf: meToken });
      if (request.method === 'GET') return refused();
      posts.push(request.headers.get('x-csrf-token') ?? '');
      return answer(request.headers.get('x-csrf-token') ?? '', posts.length);
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

describe('a call refused csrf is sent once more with the token learned again', () => {
  it('the app held another anonymous session’s token: the POST goes again with the kept session’s, and succeeds', async () => {
    setCsrfToken('A');
    const posts = stubServer((token) => (token === 'B' ? json({ ok: true }) : refused()));
    expect(await http.post('http://app.test/api/login', { json: { email: 'a@b.c' } }).json()).toEqual({ ok: true });
    expect(posts).toEqual(['A', 'B']);
    expect(csrfToken()).toBe('B');
  });

  it('a second refusal is the caller’s: no loop', async () => {
    setCsrfToken('A');
    const posts = stubServer(() => refused());
    await expect(http.post('http://app.test/api/login', { json: {} })).rejects.toBeInstanceOf(HTTPError);
    expect(posts).toEqual(['A', 'B']);
  });

  it('another 403 is not sent again, and a GET never is', async () => {
    setCsrfToken('A');
    const posts = stubServer(() => json({ error: 'factor.required', message: 'Confirm first' }, 403));
    await expect(http.post('http://app.test/api/security/factor', { json: {} })).rejects.toBeInstanceOf(HTTPError);
    expect(posts).toEqual(['A']);
    await expect(http.get('http://app.test/api/history').json()).rejects.toBeInstanceOf(HTTPError);
    expect(csrfToken()).toBe('A');
  });
});
