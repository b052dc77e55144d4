import { http } from './http';

/**
 * GET /readyz (server/http/health.ts) read for the session flow: 'starting' while the server
 * answers 503 with its migrations pending (a first start prepares the database while it already
 * serves pages; API calls wait for it), else 'ready'. Not reached at all: the call fails.
 */
export async function probeReady(): Promise<'starting' | 'ready'> {
  const res = await http.get('/readyz', { cache: 'no-store', throwHttpErrors: false, timeout: 5_000 });
  if (res.status !== 503) return 'ready';
  const body: unknown = await res.json().catch(() => null);
  const checks = typeof body === 'object' && body !== null ? (body as { checks?: { migrations?: unknown } }).checks : undefined;
  return checks?.migrations === 'pending' ? 'starting' : 'ready';
}
