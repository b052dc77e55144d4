import { bech32 } from '@scure/base';
import type { Page, Route } from 'playwright-core';
import type { TestPath } from '../../../machine-kit/types';
import type { AddressBookContext } from '../../../machines/address-book/address-book.types';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const BOOK = (u: URL) => u.pathname === '/api/withdrawal/destinations';
const CHANGES = (u: URL) => u.pathname === '/api/withdrawal/destinations/remove' || u.pathname === '/api/withdrawal/destinations/saved_only';

/** a checksummed Bitcoin address of its own per call (a book holds each destination once) */
let seq = 0;
export const freshBtc = (): string => bech32.encode('bc', [0, ...bech32.toWords(Uint8Array.from({ length: 20 }, (_, i) => (i === 0 ? seq++ % 256 : Math.floor(Math.random() * 256))))]);

/** The newest address-book link in the sandbox outbox of `email` (its path). */
export async function confirmLinkOf(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/api/sandbox/outbox?email=${encodeURIComponent(email)}`);
  const messages = ((await res.json()) as { messages: { subject: string; body: string }[] }).messages;
  const mail = messages.find((m) => m.subject === 'Confirm your new withdrawal destination');
  const path = /\/[a-z]{2}\/confirm-address\?token=[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0];
  if (!path) throw new Error(`no confirmation link for ${email}`);
  return path;
}

interface BookWorld {
  held: Route[];
  /** the page's saves, removes and switches, held until the path's step for their outcome */
  changes: Route[];
}

const world = (ctx: PathContext): BookWorld => {
  const w = ctx.world as Partial<BookWorld>;
  if (!w.held) Object.assign(w, { held: [], changes: [] });
  return w as BookWorld;
};

async function heldChange(ctx: StepContext): Promise<Route> {
  const w = world(ctx);
  const deadline = Date.now() + WAIT.timeout;
  while (w.changes.length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = w.changes.shift();
  if (!route) throw new Error('the page sent no change of the address book');
  return route;
}

const section = (ctx: PathContext) => ctx.page.getByTestId('address-book');
const form = (ctx: PathContext) => section(ctx).getByTestId('book-form');

/**
 * Steps the page cannot take change nothing in the app: removing a destination it does not list,
 * a switch to what the box already shows. And the real server answers a switch with what was
 * asked: on (no switch-off pending) after on, a pending switch-off after off.
 */
function stepFeasible(step: TestPath['steps'][number], before: TestPath['steps'][number]): boolean {
  const context = before.state.context as AddressBookContext;
  if (step.event.type === 'book.remove') return context.book?.destinations.some((d) => d.id === step.event.id) ?? false;
  if (step.event.type === 'setSavedOnly.done') {
    const asked = (before.event as { on?: boolean }).on;
    const ending = (step.event.output as { savedOnlyEndsAt: string | null }).savedOnlyEndsAt !== null;
    return asked === !ending;
  }
  return true;
}

/**
 * The address book on #/show/security for a fresh trader with one destination confirmed and in
 * its hold (the model's book). The book's reads and every change wait on their way until the
 * path's step for their outcome (answered, or lost); a save the server refuses is the address
 * altered on its way (an invalid one); a name of spaces is refused before anything is sent.
 */
export const addressBookBinding: UiBinding = {
  machine: 'addressBook',
  maxPaths: 10,
  stepFeasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    await sandboxCall(page, '/api/withdrawal/destinations', { method: 'Bitcoin', wallet: freshBtc(), alt: '', label: 'Cold wallet' });
    const token = new URL(await confirmLinkOf(page, user.email), baseURL).searchParams.get('token');
    await sandboxCall(page, '/api/withdrawal/destinations/confirm', { token });
    const w = world(ctx);
    await page.route(BOOK, async (route) => {
      if (route.request().method() === 'GET') w.held.push(route);
      else w.changes.push(route);
    });
    await page.route(CHANGES, async (route) => {
      w.changes.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await section(ctx).waitFor(WAIT);
  },
  events: {
    async 'loadBook.done'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the address book', WAIT.timeout)).continue();
    },
    async 'loadBook.error'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the address book', WAIT.timeout)).abort('internetdisconnected');
    },
    async retry(ctx) {
      await section(ctx).getByRole('button', { name: 'Try again' }).click();
    },
    async 'book.add'(ctx) {
      await form(ctx).getByLabel('Address or account').fill(freshBtc());
      await form(ctx).getByLabel('Name').fill(ctx.event.label as string);
      await form(ctx).getByRole('button', { name: 'Save destination' }).click();
    },
    async 'addDestination.done'(ctx) {
      await (await heldChange(ctx)).continue();
    },
    async 'addDestination.error'(ctx) {
      const route = await heldChange(ctx);
      if ((ctx.event.error as { status?: number } | undefined)?.status) {
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
        await route.continue({ postData: JSON.stringify({ ...body, wallet: `${body.wallet}x` }) });
      } else await route.abort('internetdisconnected');
    },
    async 'book.remove'(ctx) {
      await section(ctx).getByTestId('destination-row').first().getByRole('button', { name: 'Remove' }).click();
    },
    async 'removeDestination.done'(ctx) {
      await (await heldChange(ctx)).continue();
    },
    async 'removeDestination.error'(ctx) {
      await (await heldChange(ctx)).abort('internetdisconnected');
    },
    async 'book.savedOnly'(ctx) {
      await section(ctx).getByTestId('saved-only').click();
    },
    async 'setSavedOnly.done'(ctx) {
      await (await heldChange(ctx)).continue();
    },
    async 'setSavedOnly.error'(ctx) {
      await (await heldChange(ctx)).abort('internetdisconnected');
    },
  },
  states: {
    async 'addressBook.loading'(ctx) {
      await section(ctx).getByText('Loading…').waitFor(WAIT);
    },
    async 'addressBook.loadFailed'(ctx) {
      await section(ctx).getByRole('alert').filter({ hasText: 'Could not reach the server' }).or(section(ctx).getByRole('alert').filter({ hasText: 'could not be loaded' })).first().waitFor(WAIT);
    },
    async 'addressBook.ready'(ctx) {
      await form(ctx).waitFor(WAIT);
    },
    async 'addressBook.ready.idle'(ctx) {
      await section(ctx).getByTestId('book-answer').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'addressBook.ready.done'(ctx) {
      await section(ctx).locator('[data-testid=book-answer].form-note').waitFor(WAIT);
    },
    async 'addressBook.ready.failed'(ctx) {
      await section(ctx).locator('[data-testid=book-answer].form-error').waitFor(WAIT);
    },
    async 'addressBook.adding'(ctx) {
      await form(ctx).locator('button[aria-busy="true"]').waitFor(WAIT);
    },
    async 'addressBook.removing'(ctx) {
      await section(ctx).getByTestId('destination-row').first().locator('button[aria-busy="true"]').waitFor(WAIT);
    },
    async 'addressBook.switching'(ctx) {
      await section(ctx).locator('[data-testid=saved-only][aria-busy="true"]').waitFor(WAIT);
    },
  },
};
