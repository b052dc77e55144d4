import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser } from './browser';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const slow = { timeout: 30_000 };

const actor = { key: 'tab1/x:0', machineId: 'login', parentKey: null, name: 'login', page: '/en/login', event: 'xstate.done.actor.0.login.platformLogin', status: 'active', value: 'sessionLogin', taken: ['login.platformLogin:xstate.done.actor.0.login.platformLogin:0'], ended: false, context: null, pending: [] };
const moment = (seq: number, value: string, event: string, taken: string[]) => ({ seq, time: 1_700_000_000_000 + seq * 1000, key: 'tab1/x:0', machineId: 'login', name: 'login', event, value, status: 'active', taken, context: null });
const session = {
  kind: 'brokerage-live-session',
  version: 1,
  actors: { 'tab1/x:0': actor },
  order: ['tab1/x:0'],
  timeline: [
    moment(1, 'platformLogin', 'login.submit', ['login.editing:login.submit:0']),
    moment(2, 'sessionLogin', 'xstate.done.actor.0.login.platformLogin', ['login.platformLogin:xstate.done.actor.0.login.platformLogin:0']),
  ],
};

/**
 * Issue 34 §2: a live session shared by link within the product. An analyst keeps a session on the
 * server with Share link; another browser (a context with nothing in common) opens the address and
 * sees the same moments, paused, each showing the diagram as it was; a wrong link says so.
 */
describe('a live session shared by link', () => {
  it('opens in another browser with the same moments; a wrong link is said', async () => {
    const { page: analyst, context, errors } = await openTab(chromium.current);
    await analyst.goto(`${baseURL}/explorer/#/live`);
    const timeline = analyst.getByTestId('live-timeline');
    await timeline.waitFor(slow);
    await analyst.getByTestId('live-open').setInputFiles({ name: 'live-session.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(session)) });
    await timeline.locator('button[data-seq="2"]').waitFor(slow);
    await timeline.getByRole('button', { name: 'Share link' }).click();
    const link = await analyst.getByTestId('live-share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/explorer/#/live/shared/[A-Za-z0-9_-]{22}$`));

    const other = await openTab(chromium.current);
    await other.page.goto(link);
    const theirs = other.page.getByTestId('live-timeline');
    await theirs.locator('button[data-seq="2"]').waitFor(slow);
    expect(await theirs.locator('button[data-seq]').allTextContents()).toEqual(await timeline.locator('button[data-seq]').allTextContents());
    await theirs.locator('button[data-seq="1"]').click();
    await other.page.locator('.x-stage g.state.active:not(.header)[data-state-id="login.platformLogin"]').waitFor(slow);

    await other.page.goto(`${baseURL}/explorer/#/live/shared/AAAAAAAAAAAAAAAAAAAAAA`);
    await other.page.reload();
    expect(await other.page.getByTestId('shared-error').textContent()).toBe('This shared session is not here: its link is wrong, or its 30 days are over.');
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
