import type { FreshUserRequest, FreshUserResponse } from '../../core/contract';
import type { Browser } from './client';

/** A new sandbox user through POST /api/sandbox/fresh-user, signed in on `browser`. */
export async function freshUser(browser: Browser, request: FreshUserRequest = {}): Promise<FreshUserResponse> {
  await browser.me();
  const res = await browser.send('POST', '/api/sandbox/fresh-user', { json: request });
  if (res.statusCode !== 200) throw new Error(`fresh-user: ${res.statusCode} ${res.body}`);
  const user = res.json() as FreshUserResponse;
  const signed = await browser.signIn(user.email, user.password);
  if (signed.statusCode !== 200) throw new Error(`sign-in: ${signed.statusCode} ${signed.body}`);
  if ((signed.json() as { factor?: string }).factor === 'email') {
    const outbox = await browser.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(user.email)}`);
    const code = (outbox.json() as { messages: { code?: string }[] }).messages[0]?.code;
    const checked = await browser.send('POST', '/api/fraud/factors_check', { json: { type: 'email', code, purpose: 'login' } });
    if (!(checked.json() as { success?: boolean }).success) throw new Error(`factor: ${checked.body}`);
    await browser.me();
  }
  return user;
}
