import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser } from './browser';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * What stands in for stately.ai/inspect (no request leaves the machine): it says it is connected,
 * as the real inspector does, and keeps every event the app's window posts to it.
 */
const STATELY_STAND_IN = `<!doctype html><title>Stately inspector (stand-in)</title><script>
  window.got = [];
  addEventListener('message', (e) => window.got.push(e.data));
  window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

describe("Stately's inspector attaches with ?inspect=stately (issue 34 §3)", () => {
  it('opens its window and sends it the actors with their definitions, events and snapshots, sanitised', async () => {
    const { page, context, errors } = await openTab(chromium.current);
    await context.route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: STATELY_STAND_IN }));
    const trader = await freshUser(page, baseURL);
    const popup = context.waitForEvent('page');
    await page.goto(`${baseURL}/en/login?inspect=stately`);
    const inspector = await popup;
    expect(inspector.url()).toBe('https://stately.ai/inspect');
    // a wrong password: the login goes round and comes back to the form with its error (the page
    // stays: a sign-in would navigate, and the trading page opens the inspector's window anew)
    const wrong = `${trader.password}-not-it`;
    await page.getByLabel('Email').fill(trader.email);
    await page.getByLabel('Password').fill(wrong);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();

    type Got = { type: string; sessionId: string; name?: string; definition?: string; event?: { type: string }; snapshot?: { value?: unknown; context?: Record<string, unknown> } };
    const got = () => inspector.evaluate(() => (window as unknown as { got: Got[] }).got);
    const refused = (e: Got) => e.type === '@xstate.snapshot' && e.snapshot?.value === 'editing' && e.snapshot.context?.shakes === 1;
    await expect.poll(async () => (await got()).some(refused), { timeout: 20_000 }).toBe(true);
    const events = await got();
    const login = events.find((e) => e.type === '@xstate.actor' && e.name === 'login');
    expect(login, `the actors it got: ${JSON.stringify(events.filter((e) => e.type === '@xstate.actor').map((e) => e.name))} of ${events.length} events`).toBeDefined();
    expect(JSON.parse(login!.definition!)).toMatchObject({ id: 'login' });
    const mine = events.filter((e) => e.sessionId === login!.sessionId);
    expect(mine.some((e) => e.type === '@xstate.event' && e.event?.type === 'login.submit')).toBe(true);
    expect(mine.find(refused)?.snapshot?.context).toMatchObject({ shakes: 1, error: { key: expect.any(String) } });
    const wire = JSON.stringify(events);
    expect(wire).not.toContain(wrong);
    expect(wire).not.toContain(trader.email);
    expect(errors).toEqual([]);
    await context.close();
  });
});
