import type { Page } from 'playwright-core';
import type { TestPath } from '../../../machine-kit/types';
import { callBackModel } from '../../../machines/call-back/call-back.model';
import { alterNextRequest, failNextRequest, freshUser, sandboxCall } from '../sandbox';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const CALL = '**/api/call';
const FORM_EVENTS = new Set(['phone.change', 'time.change', 'call.submit', 'call.retry', 'call.again']);

/**
 * The machine starts with the dropdown: the header's button loads it on the first click and it
 * opens at once (`call.open` then, never later); its form is inside the open dropdown only.
 * A path that starts with `call.toggle` gets that first click (and a close) in `start`.
 */
function feasible(path: TestPath): boolean {
  // a path that starts with the button again: start opened and closed the dropdown once (the machine's first click)
  if (path.steps.length > 1 && !['call.open', 'call.toggle'].includes(path.steps[1].event.type)) return false;
  return path.steps.every((s, i) => {
    if (i < 2) return true;
    if (s.event.type === 'call.open') return false;
    return !FORM_EVENTS.has(s.event.type) || path.steps[i - 1].state.matches({ panel: 'open' });
  });
}

const menu = (page: Page) => page.getByTestId('call-back-menu');

/** what the server answers to the request the step sends: the account's limit, a phone it refuses, a lost connection */
async function arrange(ctx: StepContext): Promise<void> {
  const outcome = ctx.upcoming('requestCall.done', 'requestCall.error');
  const error = outcome?.error as { status?: number; kind?: string } | undefined;
  if (error?.status === 429) {
    // three call-backs an hour per account: asked before from the trader's session (another tab)
    for (let i = 0; i < 3; i++) await sandboxCall(ctx.page, '/api/call', { phone: '1234567' });
  } else if (error?.status === 400) await alterNextRequest(ctx.page, CALL, (body) => JSON.stringify({ ...(JSON.parse(body) as object), phone: 'call me maybe' }));
  else if (error) await failNextRequest(ctx.page, CALL);
}

/**
 * The trading header's call-back dropdown for a fresh trader signed in by a sandbox sign-in link.
 * The limit is the server's own (three an hour per account, the first asked from the trader's
 * session); the server's refusal of the phone is the request altered on its way (a phone the page
 * would have refused itself); failures are lost connections.
 */
export const callBackBinding: UiBinding = {
  machine: 'callBack',
  model: callBackModel,
  maxPaths: 8,
  feasible,
  reasons: {
    'callBack.request.failed:call.submit:0': 'after a failure the form\'s one button (and Enter) sends call.retry: nothing on the page sends call.submit in that state',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await context(page);
    const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'home' });
    await page.goto(new URL(link.url, baseURL).toString());
    await page.getByTestId('call-back-button').waitFor({ timeout: 15_000 });
    // the dropdown's machine is made by the first click, which opens it at once (the path's call.open);
    // a path that starts with call.toggle gets it closed again before its own click
    await page.getByTestId('call-back-button').click();
    await menu(page).waitFor({ timeout: 15_000 });
    if (ctx.path.steps[1]?.event.type === 'call.toggle') {
      await menu(page).getByRole('button', { name: 'Close' }).click();
      await menu(page).waitFor({ state: 'detached', ...WAIT });
    }
  },
  events: {
    // the first click, made in start (the machine does not exist before it)
    'call.open': async () => {},
    async 'call.toggle'({ page }) {
      await page.getByTestId('call-back-button').click();
    },
    async 'call.close'({ page }) {
      await menu(page).getByRole('button', { name: 'Close' }).click();
    },
    async 'phone.change'({ page, event }) {
      const field = menu(page).getByTestId('call-back-phone');
      const value = String(event.value);
      if ((await field.inputValue()) === value) await field.fill('');
      await field.fill(value);
    },
    async 'time.change'({ page, event }) {
      const select = menu(page).getByTestId('call-back-time');
      const value = String(event.value);
      // the same choice again is no change: another one first
      if ((await select.inputValue()) === value) await select.selectOption(value === 'any' ? 'morning' : 'any');
      await select.selectOption(value);
    },
    async 'call.submit'(ctx) {
      await arrange(ctx);
      await menu(ctx.page).getByTestId('call-back-submit').click();
    },
    async 'call.retry'(ctx) {
      await arrange(ctx);
      await menu(ctx.page).getByTestId('call-back-submit').click();
    },
    async 'call.again'({ page }) {
      await menu(page).getByRole('button', { name: 'Request another call' }).click();
    },
    'requestCall.done': async () => {},
    'requestCall.error': async () => {},
  },
  states: {
    async 'callBack.panel.open'({ page }) {
      await menu(page).waitFor(WAIT);
    },
    async 'callBack.panel.closed'({ page }) {
      await menu(page).waitFor({ state: 'detached', ...WAIT });
    },
    async 'callBack.request.editing'({ page, expected }) {
      if (!expected.matches({ panel: 'open' })) return;
      await menu(page).getByTestId('call-back-submit').filter({ hasText: 'Call me back' }).waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await menu(page).getByTestId('call-back-result').waitFor(WAIT);
    },
    async 'callBack.request.sending'({ page, expected }) {
      if (expected.matches({ panel: 'open' })) await menu(page).getByTestId('call-back-submit').filter({ hasText: 'Sending…' }).waitFor(WAIT);
    },
    async 'callBack.request.sent'({ page, expected }) {
      if (expected.matches({ panel: 'open' })) await menu(page).getByTestId('call-back-result').filter({ hasText: 'Thank you! We will call you back soon.' }).waitFor(WAIT);
    },
    async 'callBack.request.failed'({ page, expected }) {
      if (!expected.matches({ panel: 'open' })) return;
      await menu(page).getByTestId('call-back-result').waitFor(WAIT);
      await menu(page).getByTestId('call-back-submit').filter({ hasText: 'Try again' }).waitFor(WAIT);
    },
  },
};

/** the chat does not open by itself over the header (a browser where it opened before) */
async function context(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    try {
      localStorage.setItem('chat.autoOpened', '1');
    } catch {
      // about:blank has no storage
    }
  });
}
