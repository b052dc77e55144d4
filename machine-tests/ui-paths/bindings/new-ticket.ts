import { chatSeen } from '../../browser/sandbox-users';
import type { Locator, Page, Route } from 'playwright-core';
import type { TestPath } from '../../../machine-kit/types';
import { newTicketModel } from '../../../machines/new-ticket/new-ticket.model';
import { noisePng } from '../../browser/files';
import { alterNextRequest, failNextRequest, freshUser, sandboxCall } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const FORM = '**/api/kayako/form';
const UPLOAD = '**/api/kayako/upload/attachment/no';
const CREATE = '**/api/kayako/ticket';

const isDialog = (ctx: PathContext) => (ctx.input as { dialog?: boolean }).dialog === true;
const root = (ctx: PathContext): Locator => ctx.page.getByTestId(isDialog(ctx) ? 'support-dialog' : 'support-page');

/** requests to `url` wait on their way, in order, until a step lets one go on (or fail) */
async function hold(ctx: PathContext, url: string): Promise<void> {
  const held: Route[] = [];
  ((ctx.world.held ??= {}) as Record<string, Route[]>)[url] = held;
  await ctx.page.route(url, (route) => {
    held.push(route);
  });
}
async function nextHeld(ctx: PathContext, url: string): Promise<Route> {
  const held = (ctx.world.held as Record<string, Route[]>)[url];
  const end = Date.now() + WAIT.timeout;
  while (!held.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const route = held.shift();
  if (!route) throw new Error(`the page sent no ${url}`);
  return route;
}

/** what the server answers the ticket the click sends */
async function arrangeCreate(ctx: StepContext): Promise<void> {
  const outcome = ctx.upcoming('create.done', 'create.error');
  // the model's refusal: the subject made too long on its way (the server's own 400)
  if (outcome?.error) {
    const error = outcome.error as { status?: number };
    if (error.status === 400) await alterNextRequest(ctx.page, CREATE, (body) => JSON.stringify({ ...(JSON.parse(body) as object), subject: 's'.repeat(201) }));
    else await failNextRequest(ctx.page, CREATE);
  }
}

/**
 * The page's Cancel leaves its form (the page stops the machine): only the dialog's Cancel sends
 * ticket.cancel. A file is removed or stored only where the form shows it.
 */
const feasible = (path: TestPath) =>
  !path.steps.some((s, i) => {
    const before = path.steps[i - 1]?.state.context as { dialog: boolean; attachments: { slot: string; id: string | null }[] } | undefined;
    if (s.event.type === 'ticket.cancel') return !before?.dialog;
    // an uploading file offers Cancel upload, not remove (×): remove is for a stored one
    if (s.event.type === 'attachment.remove') return !before?.attachments.some((a) => a.slot === s.event.slot && a.id !== null);
    if (s.event.type === 'attachment.stored') return !before?.attachments.some((a) => a.slot === s.event.slot && a.id === null);
    return false;
  });

async function openPage(page: Page, baseURL: string, hash: string): Promise<void> {
  const user = await freshUser(page, baseURL);
  const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'home' });
  await page.goto(new URL(link.url, baseURL).toString());
  await page.getByTestId('balance').waitFor({ timeout: 30_000 });
  await page.evaluate((h) => (window.location.hash = h), hash);
}

/**
 * A new ticket, for a fresh trader signed in by a sandbox sign-in link: on the support page
 * (`#/show/support`, New ticket: the form comes with the page) or in the support dialog ("Ask about
 * this payment" on a fresh BTC invoice's page; the dialog loads its form, held on its way until the
 * path's outcome). Files are real PNGs whose uploads wait on their way until the path stores one
 * (the others stay uploading: "wait until the files are uploaded"). The server's refusal is the
 * subject made too long on its way; the dialog's 3500 ms close runs in real time.
 */
export const newTicketBinding: UiBinding = {
  machine: 'newTicket',
  model: newTicketModel,
  maxPaths: 8,
  feasible,
  reasons: {
    'newTicket.success:ticket.dismiss:0': 'the dialog\'s success has no button: it closes by its 3500 ms timer (the modal\'s own close unmounts the dialog, the machine is stopped)',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(page.context());
    if (isDialog(ctx)) {
      await hold(ctx, FORM);
      const user = await freshUser(page, baseURL);
      const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'home' });
      await page.goto(new URL(link.url, baseURL).toString());
      await page.getByTestId('balance').waitFor({ timeout: 30_000 });
      const { guid } = await sandboxCall<{ guid: string }>(page, '/api/btc/pay', { amount: '250' });
      await page.evaluate((h) => (window.location.hash = h), `#/show/invoice/btc/${guid}`);
      await page.getByTestId('support-ask').click({ timeout: 15_000 });
      await page.getByTestId('support-dialog').waitFor(WAIT);
    } else {
      await openPage(page, baseURL, '#/show/support');
      await page.getByTestId('support-new').click({ timeout: 15_000 });
      await page.getByTestId('support-new-form').waitFor(WAIT);
    }
  },
  events: {
    async 'loadForm.done'(ctx) {
      await (await nextHeld(ctx, FORM)).continue();
    },
    async 'loadForm.error'(ctx) {
      await (await nextHeld(ctx, FORM)).abort('internetdisconnected');
    },
    async retry(ctx) {
      await root(ctx).getByRole('button', { name: 'Try again' }).click();
    },
    async 'field.change'(ctx) {
      const field = String(ctx.event.field);
      const value = String(ctx.event.value);
      if (field === 'priority' || field === 'department') {
        await root(ctx).getByTestId(`support-${field}`).selectOption(value);
        return;
      }
      const input = root(ctx).getByTestId(`support-${field}`);
      if ((await input.inputValue()) === value) await input.fill('');
      await input.fill(value);
    },
    async 'attachments.chosen'(ctx) {
      if (!(ctx.world.held as Record<string, Route[]> | undefined)?.[UPLOAD]) await hold(ctx, UPLOAD);
      const files = (ctx.event.files as { name: string }[]).map((f, i) => noisePng(24 + i, f.name));
      await root(ctx).getByTestId('support-new-attachment-input').setInputFiles(files);
    },
    async 'attachment.stored'(ctx) {
      await (await nextHeld(ctx, UPLOAD)).continue();
    },
    async 'attachment.remove'(ctx) {
      await root(ctx).getByTestId('support-attachment-remove').first().click();
    },
    async 'ticket.submit'(ctx) {
      await arrangeCreate(ctx);
      await root(ctx).getByTestId('support-new-submit').click();
    },
    async 'ticket.cancel'(ctx) {
      await root(ctx).getByRole('button', { name: 'Cancel', exact: true }).click();
    },
    // the dialog's own timer (3500 ms, real time: the runner waits up to 10 s for the state)
    'after:dialogCloseDelay': async () => {},
    'create.done': async () => {},
    'create.error': async () => {},
  },
  states: {
    async 'newTicket.loading'(ctx) {
      await root(ctx).getByText('Loading the form…').waitFor(WAIT);
    },
    async 'newTicket.failed'(ctx) {
      await root(ctx).getByText('The support form could not be loaded.').waitFor(WAIT);
    },
    async 'newTicket.editing'(ctx) {
      await root(ctx).getByTestId('support-new-form').waitFor(WAIT);
      const { fieldErrors, error } = ctx.expected.context as { fieldErrors: Record<string, unknown>; error: unknown };
      for (const [field, e] of Object.entries(fieldErrors)) if (e) await root(ctx).getByTestId(`support-${field}-error`).waitFor(WAIT);
      if (error) await root(ctx).getByTestId('support-new-error').waitFor(WAIT);
    },
    async 'newTicket.success'(ctx) {
      await root(ctx).getByTestId('support-created').filter({ hasText: /Your ticket #\S+ is created/ }).waitFor(WAIT);
    },
    async 'newTicket.cancelled'({ page }) {
      await page.getByTestId('support-dialog').waitFor({ state: 'detached', ...WAIT });
    },
  },
};
