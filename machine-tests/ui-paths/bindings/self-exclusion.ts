import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import { selfExclusionModel } from '../../../machines/self-exclusion/self-exclusion.model';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const EXCLUDE = (u: URL) => u.pathname === '/api/self-exclusion';
/** the most wrong passwords tried through the API to lock the sign-in (the server locks after 5 in 15 minutes) */
const MAX_WRONG = 10;

interface PauseWorld {
  user: { email: string; password: string };
  /** the page's POSTs, held until the path's step for their outcome */
  calls: Route[];
}

const world = (ctx: PathContext): PauseWorld => {
  const w = ctx.world as Partial<PauseWorld>;
  if (!w.calls) w.calls = [];
  return w as PauseWorld;
};

const errorOf = (e: AnyEventObject) => e.error as { kind?: string; status?: number; error?: string } | undefined;
const isServerError = (e: AnyEventObject) => e.type.startsWith('xstate.error.actor') && ((e.error as { status?: number } | undefined)?.status ?? 0) >= 500;

/** a radio picked again while it is the choice: the page sends nothing (a checked radio does not change), though the machine would take it */
const repicks = (path: TestPath, i: number): boolean => {
  const step = path.steps[i]!;
  return i > 0 && step.event.type === 'choice.pick' && (path.steps[i - 1]!.state.context as { choice: string }).choice === step.event.choice;
};

/** the page's held call (it sends one at a time) */
async function next(calls: Route[]): Promise<Route> {
  const end = Date.now() + WAIT.timeout;
  while (!calls.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const route = calls.shift();
  if (!route) throw new Error('the page did not ask for the break');
  return route;
}

/** wrong passwords through the API (counted like sign-ins) until the server locks them out: the page's next try is refused with 429 */
async function lockOut(ctx: PathContext): Promise<void> {
  const { page } = ctx;
  for (let i = 0; i < MAX_WRONG; i++) {
    const me = (await (await page.request.get('/api/me')).json()) as { csrf: string };
    const res = await page.request.post('/api/self-exclusion', { data: { choice: '24h', password: `${world(ctx).user.password}-wrong` }, headers: { 'x-csrf-token': me.csrf } });
    if (res.status() === 429) return;
    if (res.status() !== 401) throw new Error(`a wrong password was answered ${res.status()} ${await res.text()}`);
  }
  throw new Error(`${MAX_WRONG} wrong passwords did not lock the sign-in`);
}

const confirmStep = (page: Page) => page.getByTestId('pause-confirm');

/**
 * #/show/pause for a fresh trader, against the real server. The break's call waits on its way
 * until the path's step for its outcome: in force is the real server starting it (the trader is
 * signed out everywhere, the page goes to the sign-in page); a wrong password is the password
 * altered on its way; a choice the server does not offer is the choice altered on its way; too
 * many tries (429) is the sign-in locked by wrong passwords through the API first; a lost
 * connection is the request aborted. Not picked: a server error (5xx), which the real server cannot
 * be made to answer (the lost connection takes the same transition), and a radio picked again while
 * it is the choice (a checked radio sends nothing).
 */
export const selfExclusionBinding: UiBinding = {
  machine: 'selfExclusion',
  model: selfExclusionModel,
  maxPaths: 10,
  reasons: {
    'selfExclusion.failed:exclusion.confirm:0':
      'after a failure the password typed is still in its field (it reached the server, so it was not empty); emptying it is an edit, which leaves failed first (password.edit to confirming), so Try again with an empty field is refused from confirming',
  },
  feasible: (path: TestPath) => !path.steps.some((step, i) => isServerError(step.event) || repicks(path, i)),
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL);
    world(ctx).user = user;
    await signInByApi(page, user);
    await page.route(EXCLUDE, async (route) => {
      world(ctx).calls.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/pause`);
    await page.getByTestId('pause-page').waitFor(WAIT);
  },
  events: {
    async 'choice.pick'({ page, event }) {
      await page.getByTestId(`pause-choice-${String(event.choice)}`).check();
    },
    async 'choice.continue'({ page }) {
      await page.getByTestId('pause-continue').click();
    },
    async 'exclusion.back'({ page }) {
      await page.getByTestId('pause-back').click();
    },
    async 'password.edit'({ page }) {
      await page.getByTestId('pause-password').press('End');
      await page.getByTestId('pause-password').pressSequentially('x');
    },
    async 'exclusion.confirm'(ctx: StepContext) {
      const { page, event } = ctx;
      await page.getByTestId('pause-password').fill(event.password === '' ? '' : world(ctx).user.password);
      await page.getByTestId('pause-submit').click();
    },
    async 'exclude.done'(ctx) {
      await (await next(world(ctx).calls)).continue();
    },
    async 'exclude.error'(ctx) {
      const route = await next(world(ctx).calls);
      const error = errorOf(ctx.event);
      const body = JSON.parse(route.request().postData() ?? '{}') as { choice: string; password: string };
      if (error?.kind === 'network') return route.abort('internetdisconnected');
      if (error?.status === 401) return route.continue({ postData: JSON.stringify({ ...body, password: `${world(ctx).user.password}-wrong` }) });
      if (error?.status === 400) return route.continue({ postData: JSON.stringify({ ...body, choice: 'forever' }) });
      if (error?.status === 429) {
        await lockOut(ctx);
        return route.continue();
      }
      throw new Error(`no way to cause ${JSON.stringify(error)}`);
    },
  },
  states: {
    async 'selfExclusion.choosing'({ page, expected }) {
      await page.getByTestId('pause-choose').waitFor(WAIT);
      await confirmStep(page).waitFor({ ...WAIT, state: 'detached' });
      const { choice, fieldErrors } = expected.context as { choice: string; fieldErrors: Record<string, unknown> };
      if (choice) await page.locator(`#pause-choice-${choice}:checked`).waitFor(WAIT);
      if (fieldErrors.choice) await page.locator('#pause-choice-error').waitFor(WAIT);
    },
    async 'selfExclusion.confirming'({ page, expected }) {
      const { kind, fieldErrors } = expected.context as { kind: string; fieldErrors: Record<string, unknown> };
      await confirmStep(page).getByText('This cannot be undone early.').waitFor(WAIT);
      await page.getByTestId('pause-submit').filter({ hasText: kind === 'exclusion' ? 'Exclude me' : 'Start my break' }).waitFor(WAIT);
      await page.getByTestId('pause-error').waitFor({ ...WAIT, state: 'detached' });
      if (fieldErrors.password) await page.locator('#pause-password[aria-invalid="true"]').waitFor(WAIT);
    },
    async 'selfExclusion.submitting'({ page }) {
      await page.getByTestId('pause-submit').filter({ hasText: 'Starting…' }).waitFor(WAIT);
    },
    async 'selfExclusion.failed'({ page }) {
      await page.getByTestId('pause-error').waitFor(WAIT);
      await page.getByTestId('pause-submit').filter({ hasText: 'Try again' }).waitFor(WAIT);
    },
    async 'selfExclusion.done'({ page, baseURL, expected }) {
      // every session has ended: the page went to the sign-in page, which says the break has begun
      const { kind } = expected.context as { kind: string };
      await page.waitForURL(`${baseURL}/en/login?paused=${kind}`, WAIT);
      await page.getByTestId('login-paused-notice').waitFor(WAIT);
    },
  },
};
