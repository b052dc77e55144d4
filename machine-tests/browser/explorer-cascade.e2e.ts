import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { CARD_START_URL } from '../../core/cascade/urls';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { heardOn, recordInspection } from './inspection-wire';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const slow = { timeout: 30_000 };

/**
 * Issue 34 §1: an analyst follows a trader's card deposit in the explorer's live view and reads
 * which processor is being tried from the cascade's context, while nothing the trader typed on the
 * card form (number, name, CVV) crosses the inspection channel.
 */
describe('the explorer follows a card cascade with its context', () => {
  it('shows the processor being tried, the steps in order on the timeline, a moment as it was, a saved session opened again; no card data on the wire', async () => {
    const { page: app, context, errors } = await openTab(chromium.current);
    const user = await freshUser(app, baseURL, { cascade: 'ORANGE,MEIKO,ZOOM', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(app, baseURL, user);
    await app.waitForURL(`${baseURL}/en/trading**`);
    await app.getByTestId('balance').waitFor();
    await app.goto(`${baseURL}/en/trading?inspect=1#/show/funding`);
    await app.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });

    const live = await context.newPage();
    live.on('pageerror', (e) => errors.push(e.message));
    await recordInspection(live);
    await live.goto(`${baseURL}/explorer/#/live`);
    await live.locator('[data-testid=live-actors] [data-machine-id="funding"]').first().waitFor(slow);

    // the third processor's start waits on its way: the cascade is there, trying ZOOM
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await app.route(`**${CARD_START_URL.ZOOM}`, async (route) => {
      await held;
      await route.continue();
    });
    await fillCard(app, CARDS.softTwice);
    await app.getByRole('button', { name: 'Deposit $250.00' }).click();

    const cascade = live.locator('[data-testid=live-actors] [data-machine-id="cascade"]').first();
    await cascade.waitFor(slow);
    await cascade.click();
    const shared = live.getByTestId('live-context');
    await shared.locator('[data-field="current"] dd', { hasText: '"processor":"ZOOM"' }).waitFor(slow);
    expect(await shared.locator('[data-field="tried"] dd').textContent()).toBe('["ORANGE","MEIKO"]');
    expect(await shared.locator('[data-field="log"] dd').textContent()).toBe('[{"processor":"ORANGE","result":"declined"},{"processor":"MEIKO","result":"declined"}]');
    expect(await shared.locator('[data-field="payment"] dd').textContent()).toContain('"amount":"250","currency":"USD"');
    release();

    await app.locator('#card-done').waitFor(slow);
    // the cascade ended; the analyst stays on it and reads its last context
    await shared.locator('[data-field="log"] dd', { hasText: '"processor":"ZOOM","result":"approved"' }).waitFor(slow);
    expect(await cascade.getAttribute('data-ended')).toBe('true');

    // the timeline (issue 34 §2): the cascade's steps in order; a moment shows the diagram and context as they were
    const timeline = live.getByTestId('live-timeline');
    const cascadeMoments = timeline.locator('button[data-machine-id="cascade"]');
    const steps = await cascadeMoments.allTextContents();
    const states = steps.map((line) => line.split(' → ').at(-1));
    expect(states.at(-1)).toBe('approved');
    expect(states.filter((s) => s === 'starting').length).toBeGreaterThanOrEqual(3); // ORANGE, MEIKO, ZOOM
    const seqs = (await cascadeMoments.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seq')))));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // the second processor's start: MEIKO tried, ORANGE's decline in the log
    const meikoStart = cascadeMoments.filter({ hasText: /→ starting$/ }).nth(1);
    await meikoStart.click();
    expect(await meikoStart.getAttribute('aria-pressed')).toBe('true');
    await live.getByTestId('live-moment').waitFor();
    await shared.locator('[data-field="current"] dd', { hasText: '"processor":"MEIKO"' }).waitFor(slow);
    expect(await shared.locator('[data-field="tried"] dd').textContent()).toBe('["ORANGE"]');
    await live.locator('.x-stage g.state.active:not(.header)[data-state-id="cascade.starting"]').waitFor(slow);
    await timeline.getByRole('button', { name: 'Back to the present' }).click();
    await shared.locator('[data-field="log"] dd', { hasText: '"processor":"ZOOM","result":"approved"' }).waitFor(slow);

    // saved as a file, opened again in another explorer: the same moments, paused
    const [saved] = await Promise.all([live.waitForEvent('download'), timeline.getByRole('button', { name: 'Save session' }).click()]);
    const text = await readFile((await saved.path())!, 'utf8');
    const file = JSON.parse(text) as { kind: string; timeline: { seq: number }[] };
    expect(file.kind).toBe('brokerage-live-session');
    expect(text).not.toContain(CARDS.softTwice.replaceAll(' ', ''));
    expect(text).not.toContain(user.email);
    const other = await context.newPage();
    await other.goto(`${baseURL}/explorer/#/live`);
    await other.getByRole('button', { name: 'Pause' }).click();
    await other.getByTestId('live-open').setInputFiles({ name: 'live-session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    const reopened = other.getByTestId('live-timeline').locator('button[data-machine-id="cascade"]');
    await expect.poll(() => reopened.allTextContents()).toEqual(steps);
    // a file that is not a session is refused with a message, and nothing changes
    await other.getByTestId('live-open').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
    await other.getByTestId('live-timeline').getByRole('alert').waitFor();
    expect(await reopened.count()).toBe(steps.length);

    const heard = await heardOn(live);
    expect(heard.some((m) => m.includes('"machineId":"cascade"') && m.includes('"context":{'))).toBe(true);
    const digits = CARDS.softTwice.replaceAll(' ', '');
    for (const m of heard) {
      expect(m).not.toContain(digits);
      expect(m).not.toContain(digits.slice(-4) + '"'); // not even the last four as a field of its own
      expect(m).not.toContain('Jean Dupont');
      // a context's fields (state names such as the funding page's `card` region are not data)
      const context = (JSON.parse(m) as { context?: unknown }).context;
      expect(JSON.stringify(context ?? null)).not.toMatch(/"(cvv|pan|number|card|token|email|password|uid|code)"\s*:/i);
      expect(m).not.toContain(user.email);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
