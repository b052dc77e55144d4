import type { Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import { activeSessionsModel } from '../../../machines/active-sessions/active-sessions.model';
import type { ActiveSessionsContext } from '../../../machines/active-sessions/active-sessions.types';
import { freshUser, signInByApi, signInElsewhere } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

/** the model's other session the trader ends (its first `sessions.end`) */
const PHONE_REF = (activeSessionsModel.events?.['sessions.end']?.[0] as { ref?: string } | undefined)?.ref;
const LIST = (u: URL) => u.pathname === '/api/security/sessions';
const ENDS = (u: URL) => u.pathname === '/api/security/sessions/end' || u.pathname === '/api/security/sessions/end_others';

interface SessionsWorld {
  /** the page's reads of the list, held until the path's step for their outcome */
  held: Route[];
  /** the page's ends, held until the path's step for their outcome (so the page is seen ending) */
  ends: Route[];
}

const world = (ctx: PathContext): SessionsWorld => {
  const w = ctx.world as Partial<SessionsWorld>;
  if (!w.held) Object.assign(w, { held: [], ends: [] });
  return w as SessionsWorld;
};

const statusOf = (e: AnyEventObject | undefined) => (e?.error as { status?: number } | undefined)?.status;

/**
 * A step that ends a session the page does not list (this one, an unknown reference, one ended
 * already) changes nothing in the app, and the replay waits for a change: a path is cut before
 * it (the model's guards cover those steps).
 */
function stepFeasible(step: TestPath['steps'][number], before: TestPath['steps'][number]): boolean {
  const listed = (before.state.context as ActiveSessionsContext).sessions.filter((s) => !s.current);
  if (step.event.type === 'sessions.end') return listed.some((s) => s.ref === step.event.ref);
  if (step.event.type === 'sessions.endOthers') return listed.length > 0;
  return true;
}

async function heldEnd(ctx: StepContext): Promise<Route> {
  const w = world(ctx);
  const deadline = Date.now() + WAIT.timeout;
  while (w.ends.length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = w.ends.shift();
  if (!route) throw new Error('the page sent no end of a session');
  return route;
}

const section = (ctx: PathContext) => ctx.page.getByTestId('active-sessions');
const otherRows = (ctx: PathContext) => section(ctx).locator('[data-testid=session-row][data-current=false]');

/**
 * Where you are signed in, on #/show/security, for a fresh trader signed in here and in two other
 * places (the model's three sessions). The list's reads and the ends wait on their way until the
 * path's step for their outcome (answered, or lost). Ending the model's phone is the first other
 * row's Sign out; this session, an unknown reference and a session no longer listed have no button
 * (nothing is sent). The
 * server's own refusal of an end (404: it had ended already) is the reference altered on its way.
 */
export const activeSessionsBinding: UiBinding = {
  machine: 'activeSessions',
  model: activeSessionsModel,
  maxPaths: 8,
  stepFeasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInElsewhere(baseURL, user);
    await signInElsewhere(baseURL, user);
    await signInByApi(page, user);
    const w = world(ctx);
    await page.route(LIST, async (route) => {
      w.held.push(route);
    });
    await page.route(ENDS, async (route) => {
      w.ends.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await section(ctx).waitFor(WAIT);
  },
  events: {
    async 'loadSessions.done'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the sessions', WAIT.timeout)).continue();
    },
    async 'loadSessions.error'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the sessions', WAIT.timeout)).abort('internetdisconnected');
    },
    async retry(ctx) {
      await section(ctx).getByRole('button', { name: 'Try again' }).click();
    },
    async 'sessions.end'(ctx) {
      const ref = ctx.event.ref as string;
      // the model's phone: the first other row (a path is cut before a step that ends one not listed: stepFeasible)
      if (ref !== PHONE_REF) throw new Error(`no row of ${ref} to sign out of`);
      await otherRows(ctx).first().getByRole('button', { name: 'Sign out' }).click();
    },
    async 'sessions.endOthers'(ctx) {
      await section(ctx).getByRole('button', { name: 'Sign out of all other devices' }).click();
    },
    async 'endSession.done'(ctx) {
      await (await heldEnd(ctx)).continue();
    },
    async 'endSession.error'(ctx) {
      const route = await heldEnd(ctx);
      if (statusOf(ctx.event) === 404) await route.continue({ postData: JSON.stringify({ ref: 'ffffffffffffffff' }) });
      else await route.abort('internetdisconnected');
    },
    async 'endOthers.done'(ctx) {
      await (await heldEnd(ctx)).continue();
    },
    async 'endOthers.error'(ctx) {
      await (await heldEnd(ctx)).abort('internetdisconnected');
    },
  },
  states: {
    async 'activeSessions.loading'(ctx) {
      await section(ctx).getByText('Loading…').waitFor(WAIT);
    },
    async 'activeSessions.loadFailed'(ctx) {
      await section(ctx).getByRole('alert').filter({ hasText: 'Could not reach the server' }).or(section(ctx).getByRole('alert').filter({ hasText: 'could not be loaded' })).first().waitFor(WAIT);
    },
    async 'activeSessions.ready'(ctx) {
      await section(ctx).getByTestId('session-row').first().waitFor(WAIT);
    },
    async 'activeSessions.ready.idle'(ctx) {
      await section(ctx).locator('.form-note, .form-error').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'activeSessions.ready.ended'(ctx) {
      await section(ctx).getByText('Signed out. That device must sign in again.').waitFor(WAIT);
    },
    async 'activeSessions.ready.failed'(ctx) {
      await section(ctx).locator('.form-error').waitFor(WAIT);
    },
    async 'activeSessions.ending'(ctx) {
      await otherRows(ctx).first().locator('button[aria-busy="true"]').waitFor(WAIT);
    },
    async 'activeSessions.endingOthers'(ctx) {
      await section(ctx).locator('button[aria-busy="true"]', { hasText: 'Sign out of all other devices' }).waitFor(WAIT);
    },
  },
};
