import type { Page, Route } from 'playwright-core';
import type { TestPath } from '../../../machine-kit/types';
import { termsAcceptanceModel } from '../../../machines/terms-acceptance/terms-acceptance.model';
import { LEGAL_DOCUMENTS, LEGAL_VERSIONS } from '../../../core/legal/versions';
import { chatSeen } from '../../browser/sandbox-users';
import { alterNextRequest, failNextRequest, freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const LOAD = { timeout: 30_000 };
const STATUS = (u: URL) => u.pathname === '/api/legal/status';
const ACCEPT = '**/api/legal/accept';

interface TermsWorld {
  /** the status reads, held until the path's step for their outcome */
  held: Route[];
  /** the reads go on at once (while the binding arranges the page) */
  pass: boolean;
}

const world = (ctx: PathContext): TermsWorld => {
  const w = ctx.world as Partial<TermsWorld>;
  if (!w.held) Object.assign(w, { held: [], pass: false });
  return w as TermsWorld;
};

const onPage = (ctx: PathContext): boolean => (ctx.input as { page?: boolean }).page === true;
const dialog = (page: Page) => page.getByTestId('terms-dialog');
/** where the documents are shown: the dialog, or the Documents page */
const shownIn = (ctx: PathContext) => (onPage(ctx) ? ctx.page.getByTestId('terms-page') : dialog(ctx.page));
const everyCurrent = () => ({ accepted: LEGAL_DOCUMENTS.map((document) => ({ document, version: LEGAL_VERSIONS[document].version })) });

/** the next held read goes on; a status the path wants current is made so on the real server first (the trader accepted elsewhere) */
async function answerRead(ctx: StepContext): Promise<void> {
  const output = ctx.event.output as { outdated?: string[] } | undefined;
  if (output && output.outdated?.length === 0) await sandboxCall(ctx.page, '/api/legal/accept', everyCurrent());
  await (await newestHeldRead(world(ctx).held, 'the legal documents\' status', WAIT.timeout)).continue();
}

/** what the acceptance the next click sends must meet: a version altered on its way to an older one (409 legal.outdated, the server's own), or a lost connection */
async function arrangeAccept(ctx: StepContext): Promise<void> {
  const error = ctx.upcoming('accept.done', 'accept.error')?.error as { kind?: string; error?: string } | undefined;
  if (!error) return;
  if (error.error === 'legal.outdated') {
    await alterNextRequest(ctx.page, ACCEPT, (body) => JSON.stringify({ ...(JSON.parse(body) as object), accepted: [{ document: 'client_agreement', version: 0 }] }));
  } else await failNextRequest(ctx.page, ACCEPT);
}

/** what the page cannot do: Later is the dialog's, Try again the Documents page's; a recheck needs an acceptance made elsewhere while one is put off */
function feasible(path: TestPath): boolean {
  const page = (path.input as { page?: boolean }).page === true;
  return path.steps.every((s, i) => {
    if (i === 0) return true;
    const type = s.event.type;
    if (type === 'later') return !page;
    if (type === 'retry') return page;
    if (type === 'recheck') return path.steps[i - 1].state.matches('postponed');
    // after a recheck the trader has accepted on the Documents page: the server answers nothing outdated
    const afterRecheck = path.steps.slice(1, i).some((p) => p.event.type === 'recheck');
    if (afterRecheck && type.startsWith('xstate.done.actor.') && (s.event as { output?: { outdated?: string[] } }).output?.outdated?.length) return false;
    return true;
  });
}

/**
 * The legal documents asked again (issue 30 §5) for a sandbox trader who accepted an older version
 * (fresh-user legal_version 0), with Playwright's clock (a failed read is tried again a minute
 * later): the dialog over #/home (input {}), or the Documents page #/show/terms (page: the dialog
 * is put off with Later first, so only the page reads). The status reads wait on their way until
 * the path's step for their outcome: answered by the real server (made current first when the
 * path wants nothing outdated), or lost. The acceptance is the page's own POST; a refused one is
 * its version altered on the way to 0 (the server's 409 legal.outdated), a failed one a lost
 * connection. A recheck is an acceptance on the Documents page while the dialog is put off.
 */
export const termsAcceptanceBinding: UiBinding = {
  machine: 'termsAcceptance',
  model: termsAcceptanceModel,
  maxPaths: 12,
  feasible,
  reasons: {
    'termsAcceptance.current:recheck:0':
      'with every version accepted the Documents page offers nothing to accept, so nothing on the page announces an acceptance (the news comes from an acceptance elsewhere)',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(page.context());
    const user = await freshUser(page, baseURL, { legal_version: 0 });
    await signInByApi(page, user);
    const w = world(ctx);
    await page.route(STATUS, async (route) => {
      if (route.request().method() !== 'GET' || w.pass) await route.continue();
      else w.held.push(route);
    });
    await page.clock.install();
    if (!onPage(ctx)) {
      await page.goto(`${baseURL}/en/trading#/home`);
      await page.getByTestId('balance').waitFor(LOAD);
      return;
    }
    // the Documents page: the shell's dialog is put off first (it reads once), then only the page reads
    w.pass = true;
    await page.goto(`${baseURL}/en/trading#/home`);
    await dialog(page).getByTestId('terms-later').click(LOAD);
    await dialog(page).waitFor({ ...WAIT, state: 'detached' });
    w.pass = false;
    await page.evaluate(() => void (window.location.hash = '#/show/terms'));
  },
  events: {
    'readStatus.done': answerRead,
    async 'readStatus.error'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the legal documents\' status', WAIT.timeout)).abort('internetdisconnected');
    },
    async 'after:statusRetry'({ page }) {
      await page.clock.fastForward(61_000);
    },
    // nothing else on screen, no money flow: granted at once
    'attention.granted': async () => {},
    async accept(ctx) {
      await arrangeAccept(ctx);
      await shownIn(ctx).getByTestId('terms-accept').click();
    },
    'accept.done': async () => {},
    'accept.error': async () => {},
    async later({ page }) {
      await dialog(page).getByTestId('terms-later').click();
    },
    async retry({ page }) {
      await page.getByTestId('terms-page').getByRole('button', { name: 'Try again' }).click();
    },
    async recheck(ctx) {
      // accepted on the Documents page (its own read goes on): the put-off dialog's actor reads again
      const w = world(ctx);
      w.pass = true;
      try {
        await ctx.page.evaluate(() => void (window.location.hash = '#/show/terms'));
        await ctx.page.getByTestId('terms-page').getByTestId('terms-accept').waitFor(WAIT);
      } finally {
        w.pass = false;
      }
      // the page has read; the acceptance's news makes the put-off dialog's actor read, held for the path's next step
      await ctx.page.getByTestId('terms-page').getByTestId('terms-accept').click();
      await ctx.page.getByTestId('terms-outcome').filter({ hasText: 'Thank you: accepted.' }).waitFor(WAIT);
    },
  },
  states: {
    async 'termsAcceptance.reading'() {},
    async 'termsAcceptance.unread'(ctx) {
      if (onPage(ctx)) await ctx.page.getByTestId('terms-page').getByRole('button', { name: 'Try again' }).waitFor(WAIT);
      else await dialog(ctx.page).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'termsAcceptance.current'(ctx) {
      if (onPage(ctx)) await ctx.page.getByTestId('terms-outcome').filter({ hasText: 'You have accepted the current version of every document.' }).waitFor(WAIT);
      else await dialog(ctx.page).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'termsAcceptance.due'() {},
    // granted at once: the dialog may already be up
    async 'termsAcceptance.asking'() {},
    async 'termsAcceptance.shown'(ctx) {
      await shownIn(ctx).getByTestId('terms-text').waitFor(WAIT);
    },
    async 'termsAcceptance.shown.reading'(ctx) {
      const expected = ctx.expected.context as { error: unknown };
      await shownIn(ctx).getByRole('button', { name: 'I have read and accept' }).waitFor(WAIT);
      if (expected.error) await shownIn(ctx).getByTestId('terms-error').waitFor(WAIT);
    },
    // the acceptance and a read after a refusal are on their way (the POST is not held): the next step says how they end
    async 'termsAcceptance.shown.accepting'() {},
    async 'termsAcceptance.shown.rereading'() {},
    async 'termsAcceptance.postponed'({ page }) {
      await dialog(page).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'termsAcceptance.accepted'(ctx) {
      if (onPage(ctx)) await ctx.page.getByTestId('terms-outcome').filter({ hasText: 'Thank you: accepted.' }).waitFor(WAIT);
      else await dialog(ctx.page).waitFor({ ...WAIT, state: 'detached' });
    },
  },
};
