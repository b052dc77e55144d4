import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { COMPLAINT_RULES } from '../../../core/complaints';
import { complaintsModel } from '../../../machines/complaints/complaints.model';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const LIST = (u: URL) => u.pathname === '/api/complaints';

type PostFate = 'network' | 'subject' | undefined;

interface ComplaintsWorld {
  /** the page's reads of the list, held until the path's step for their outcome */
  held: Route[];
  /** what happens to the page's next POST /api/complaints on its way */
  post: PostFate;
  /** complaints made through the API for this trader (each needs its own key) */
  made: number;
  /** of those, the ones no agent has answered yet */
  open: string[];
}

const world = (ctx: PathContext): ComplaintsWorld => {
  const w = ctx.world as Partial<ComplaintsWorld>;
  if (!w.held) Object.assign(w, { held: [], post: undefined, made: 0, open: [] });
  return w as ComplaintsWorld;
};

const errorOf = (e: AnyEventObject | undefined) => e?.error as { kind?: string; status?: number } | undefined;

/** One handler for the address the list and the form share: reads held, the form's send met with its fate. */
async function installRoutes(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  await ctx.page.route(LIST, async (route) => {
    if (route.request().method() === 'GET') {
      w.held.push(route);
      return;
    }
    const fate = w.post;
    w.post = undefined;
    if (fate === 'network') await route.abort('internetdisconnected');
    // a subject the page would not send, on its way: the server's own refusal with the field (400)
    else if (fate === 'subject') await route.continue({ postData: JSON.stringify({ ...(JSON.parse(route.request().postData() ?? '{}') as object), subject: 'x' }) });
    else await route.continue();
  });
}

/** the page's newest read of the list (an older one was replaced by it: let it go on, the page no longer waits for it) */
async function nextRead(ctx: PathContext): Promise<Route> {
  return newestHeldRead(world(ctx).held, 'its complaints', WAIT.timeout);
}

/** a complaint made for the trader through the API (its own key), as another tab of theirs would */
async function makeByApi(ctx: PathContext): Promise<string> {
  const w = world(ctx);
  w.made++;
  const made = await sandboxCall<{ complaint: { reference: string } }>(ctx.page, '/api/complaints', {
    key: `uipaths-${Date.now().toString(36)}-${w.made}`,
    category: 'service',
    subject: `Made elsewhere ${w.made}`,
    text: 'A complaint made from another tab, for the path to answer.',
  });
  w.open.push(made.complaint.reference);
  return made.complaint.reference;
}

/** an agent's final answer (the sandbox desk) to an open complaint of the trader (made for it when the day's limit allows none): the server pushes complaint.updated */
async function answerOne(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  const reference = w.open.shift() ?? (await makeByApi(ctx).then(() => w.open.shift()!));
  await sandboxCall(ctx.page, '/api/sandbox/complaints/answer', { reference, answer: 'We looked into it and put it right. '.repeat(2), agent: 'UI paths' }, ctx.operator);
}

const submitButton = (page: Page) => page.getByTestId('complaint-submit');

/**
 * #/show/complaints for a fresh trader. The page's reads of the list wait on their way until the
 * path's step for their outcome (answered, or lost). The form's values are the model's, typed.
 * The server's refusal of a field is the subject altered on its way; the day's limit is real
 * (the trader's complaints made through the API up to the limit first); a lost connection is the
 * send aborted. A change the server pushes is an agent's final answer to a complaint of theirs.
 */
export const complaintsBinding: UiBinding = {
  machine: 'complaints',
  model: complaintsModel,
  maxPaths: 10,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    await installRoutes(ctx);
    await page.goto(`${baseURL}/en/trading#/show/complaints`);
    await page.getByTestId('complaints-page').waitFor(WAIT);
  },
  events: {
    async 'loadComplaints.done'(ctx) {
      await (await nextRead(ctx)).continue();
    },
    async 'loadComplaints.error'(ctx) {
      await (await nextRead(ctx)).abort('internetdisconnected');
    },
    async retry({ page }) {
      await page.getByTestId('complaints-load-failed').getByRole('button', { name: 'Try again' }).click();
    },
    async 'field.change'({ page, event }) {
      const field = String(event.field);
      const value = String(event.value);
      if (field === 'category') {
        await page.getByTestId('complaint-category').selectOption(value);
        return;
      }
      const input = page.getByTestId(`complaint-${field}`);
      if ((await input.inputValue()) === value) await input.fill('');
      await input.fill(value);
    },
    async 'complaint.submit'(ctx: StepContext) {
      const error = errorOf(ctx.upcoming('makeComplaint.done', 'makeComplaint.error'));
      const w = world(ctx);
      if (error?.status === 400) w.post = 'subject';
      else if (error?.status === 429) {
        while (w.made < COMPLAINT_RULES.perDay) await makeByApi(ctx);
      } else if (error) w.post = 'network';
      await submitButton(ctx.page).click();
    },
    async 'complaint.another'({ page }) {
      await page.getByRole('button', { name: 'Make another complaint' }).click();
    },
    'complaints.changed': answerOne,
    'makeComplaint.done': async () => {},
    'makeComplaint.error': async () => {},
  },
  states: {
    async 'complaints.loading'({ page }) {
      await page.getByText('Loading your complaints…').waitFor(WAIT);
    },
    async 'complaints.loadFailed'({ page }) {
      await page.getByTestId('complaints-load-failed').filter({ hasText: 'Your complaints could not be loaded.' }).waitFor(WAIT);
    },
    async 'complaints.ready.form.editing'({ page, expected }) {
      await submitButton(page).filter({ hasText: 'Send the complaint' }).waitFor(WAIT);
      const { fieldErrors, error } = expected.context as { fieldErrors: Record<string, unknown>; error: unknown };
      for (const field of Object.keys(fieldErrors)) await page.locator(`#complaint-${field}-error`).waitFor(WAIT);
      if (error) await page.getByTestId('complaint-error').waitFor(WAIT);
    },
    async 'complaints.ready.form.sending'({ page }) {
      await submitButton(page).filter({ hasText: 'Sending…' }).waitFor(WAIT);
    },
    async 'complaints.ready.form.sent'({ page }) {
      await page.getByTestId('complaint-reference').filter({ hasText: /CMP-\d{4}-\d{6}/ }).waitFor(WAIT);
    },
  },
};
