/**
 * A signed-in sandbox trader for load measurements, over plain HTTP as a browser would do it:
 * a fresh sandbox user, the platform login, then POST /api/login. Returns the cookie header and
 * the CSRF token a state-changing call needs.
 */
export interface BenchSession {
  cookie: string;
  csrf: string;
  post: (path: string, body: unknown) => Promise<unknown>;
}

export async function signedInTrader(base: string, fresh: Record<string, unknown> = {}): Promise<BenchSession> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const request = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(new URL(path, base), { signal: AbortSignal.timeout(10_000), ...init, headers: { ...(init.headers as Record<string, string>), cookie: cookie() } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const csrf = async () => ((await (await request('/api/me')).json()) as { csrf: string }).csrf;
  const post = async (path: string, body: unknown, token?: string) =>
    (await request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token ?? (await csrf()) }, body: JSON.stringify(body) })).json();

  const user = (await post('/api/sandbox/fresh-user', fresh)) as { email: string; password: string };
  const settings = (await (await request('/api/settings')).json()) as { platform: string };
  const platform = (await (
    await request(`${settings.platform}/login`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' }, body: new URLSearchParams({ login: user.email, password: user.password }) })
  ).json()) as { data?: { token: string } };
  await post('/api/login', { email: user.email, password: user.password, token: platform.data?.token ?? '', captcha: 'bench', url: `${base}/en/login` });
  const token = await csrf();
  return { cookie: cookie(), csrf: token, post: (path, body) => post(path, body, token) };
}

/** the sandbox's "approved" Visa */
const APPROVED_PAN = '4000000000000010';

/**
 * A card payment of `trader` (made with `{ cascade: 'ORANGE' }`) approved at ORANGE, as the
 * funding page leaves it: card saved, fraud check, ORANGE's fast start. Returns the body the
 * page's listen poll sends to /api/card/listen/orange.
 */
export async function approvedCardPayment(trader: BenchSession): Promise<{ id: string; transaction_id: string }> {
  const saved = (await trader.post('/api/card/save', { cnu: APPROVED_PAN, cvv: '123', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' })) as { card: string };
  const checked = (await trader.post('/api/fraud/card', { key: crypto.randomUUID(), amount: '300.00', fixed: false, bonus: false, card: saved.card })) as { payment: string };
  await trader.post('/api/card/fast/orange', { id: checked.payment, amount: '300.00', fixed: false, bonus: false });
  const body = { id: checked.payment, transaction_id: '' };
  const listened = (await trader.post('/api/card/listen/orange', body)) as { found: boolean; reply?: { status?: number } };
  if (!listened.found) throw new Error(`card listen: ${JSON.stringify(listened)}`);
  return body;
}
