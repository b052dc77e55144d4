import { chatSeen } from '../../browser/sandbox-users';
import type { Locator, Route } from 'playwright-core';
import type { TestPath } from '../../../machine-kit/types';
import { ticketThreadModel } from '../../../machines/ticket-thread/ticket-thread.model';
import { noisePng } from '../../browser/files';
import { freshUser, sandboxCall } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const SHOW = '**/api/kayako/show';
const UPLOAD = '**/api/kayako/upload/attachment/no';
const CLOSED = 3;

interface World {
  id: string;
  /** show requests to hold (one per load the path wants to decide) */
  showGates: number;
  shows: Route[];
  uploads: Route[];
  seq: number;
}
const w = (ctx: PathContext) => ctx.world as unknown as World;
const thread = (ctx: PathContext): Locator => ctx.page.getByTestId('support-thread');

async function waitHeld(list: Route[], what: string): Promise<void> {
  const end = Date.now() + WAIT.timeout;
  while (!list.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  if (!list.length) throw new Error(`the page sent no ${what}`);
}

/** every held read of the ticket goes on (or fails): a stale one (a read the machine left) is ignored by it */
async function releaseShows(ctx: PathContext, fail: boolean): Promise<void> {
  await waitHeld(w(ctx).shows, 'read of the ticket');
  for (const route of w(ctx).shows.splice(0)) await (fail ? route.abort('internetdisconnected') : route.continue());
}

/** a call of the trader's from the page's session (a second tab) */
const call = <T>(ctx: PathContext, path: string, body: unknown) => sandboxCall<T>(ctx.page, path, body);

const statusOf = (output: unknown) => (output as { ticket?: { status_id?: number } } | undefined)?.ticket?.status_id;

/**
 * What the page can do: close is offered only for a ticket that is not closed; a file is stored
 * or removed only where the form shows it.
 */
const feasible = (path: TestPath) =>
  !path.steps.some((s, i) => {
    const before = path.steps[i - 1]?.state.context as { thread: { ticket: { status_id: number } } | null; attachments: { slot: string; id: string | null }[] } | undefined;
    if (s.event.type === 'close.ask') return before?.thread?.ticket.status_id === CLOSED;
    // an uploading file offers Cancel upload, not remove (×): remove is for a stored one
    if (s.event.type === 'attachment.remove') return !before?.attachments.some((a) => a.slot === s.event.slot && a.id !== null);
    if (s.event.type === 'attachment.stored') return !before?.attachments.some((a) => a.slot === s.event.slot && a.id === null);
    return false;
  });

/** the next request to `url` waits on its way until the path's outcome step lets it go on (or fail) */
async function holdNext(ctx: StepContext, url: string): Promise<void> {
  const held = ((ctx.world.held ??= {}) as Record<string, Route[]>);
  held[url] = [];
  let done = false;
  await ctx.page.route(url, async (route) => {
    if (done) return route.continue();
    done = true;
    held[url].push(route);
  });
}
async function release(ctx: StepContext, url: string, fail: boolean): Promise<void> {
  const list = (ctx.world.held as Record<string, Route[]>)[url];
  await waitHeld(list, url);
  const route = list.shift();
  await ctx.page.unroute(url);
  await (fail ? route?.abort('internetdisconnected') : route?.continue());
}
const REPLY = '**/api/kayako/post';
const CLOSE = '**/api/kayako/close';

/**
 * One ticket at `#/show/support/{id}` for a fresh trader signed in by a sandbox sign-in link; the
 * ticket is opened from the trader's session before (closed there first when the path's first read
 * finds it closed). Every read of the ticket the path decides (the first, and each one a push
 * starts) waits on its way until the path's outcome: answered, or a lost connection. A push is the
 * server's own ticket.updated after a reply sent from the trader's other tab. Files are real PNGs
 * whose uploads wait on their way until the path stores one. A reply's or a close's failure is a
 * lost connection (the model's rate limit leaves the reply failed as a lost connection does); a
 * reply or a close waits on its way until the path's outcome (so what comes meanwhile comes while it is out).
 */
export const ticketThreadBinding: UiBinding = {
  machine: 'ticketThread',
  model: ticketThreadModel,
  maxPaths: 12,
  feasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(page.context());
    const user = await freshUser(page, baseURL);
    const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'home' });
    await page.goto(new URL(link.url, baseURL).toString());
    await page.getByTestId('balance').waitFor({ timeout: 30_000 });
    const seed = Math.random().toString(36).slice(2, 10);
    const created = await call<{ ticket: { id: string } }>(ctx, '/api/kayako/ticket', { priority: '1', departments: '27', subject: 'Payment stuck', content: 'My card payment of 250 USD is pending.', key: `ui-${seed}-t0` });
    const world: World = { id: String(created.ticket.id), showGates: 1, shows: [], uploads: [], seq: 0 };
    Object.assign(ctx.world, world);
    if (statusOf(ctx.upcoming('show.done')?.output) === CLOSED) await call(ctx, '/api/kayako/close', { id: world.id });
    await page.route(SHOW, async (route) => {
      if (w(ctx).showGates > 0) {
        w(ctx).showGates--;
        w(ctx).shows.push(route);
      } else await route.continue();
    });
    await page.evaluate((h) => (window.location.hash = h), `#/show/support/${world.id}`);
    await thread(ctx).waitFor({ timeout: 15_000 });
  },
  events: {
    'show.done': (ctx) => releaseShows(ctx, false),
    'show.error': (ctx) => releaseShows(ctx, true),
    async retry(ctx) {
      w(ctx).showGates++;
      await thread(ctx).getByRole('button', { name: 'Try again' }).click();
    },
    async 'ticket.updated'(ctx) {
      // the trader's other tab replies: the server pushes ticket.updated; the read it starts is the path's
      w(ctx).showGates++;
      await call(ctx, '/api/kayako/post', { ticket: w(ctx).id, content: 'Written in another tab.', key: `ui-${w(ctx).id}-tab${w(ctx).seq++}` });
    },
    async 'reply.change'(ctx) {
      const field = thread(ctx).getByTestId('support-reply-text');
      const value = String(ctx.event.value);
      if ((await field.inputValue()) === value) await field.fill('');
      await field.fill(value);
    },
    async 'attachments.chosen'(ctx) {
      if (!ctx.world.uploadsHeld) {
        ctx.world.uploadsHeld = true;
        await ctx.page.route(UPLOAD, (route) => {
          w(ctx).uploads.push(route);
        });
      }
      const files = (ctx.event.files as { name: string }[]).map((f, i) => noisePng(24 + i, f.name));
      await thread(ctx).getByTestId('support-reply-attachment-input').setInputFiles(files);
    },
    // every upload out is let go: the page may open more slots than the model's one (the form's limit is the server's)
    async 'attachment.stored'(ctx) {
      await waitHeld(w(ctx).uploads, 'upload');
      for (const route of w(ctx).uploads.splice(0)) await route.continue();
    },
    async 'attachment.remove'(ctx) {
      await thread(ctx).getByTestId('support-attachment-remove').first().click();
    },
    async 'reply.submit'(ctx) {
      await holdNext(ctx, REPLY);
      await thread(ctx).getByTestId('support-reply-send').click();
    },
    async 'reply.retry'(ctx) {
      await holdNext(ctx, REPLY);
      await thread(ctx).getByTestId('support-reply-retry').click();
    },
    async 'close.ask'(ctx) {
      await thread(ctx).getByTestId('support-close').click();
    },
    async 'close.yes'(ctx) {
      await holdNext(ctx, CLOSE);
      await ctx.page.getByTestId('support-close-yes').click();
    },
    async 'close.no'(ctx) {
      await ctx.page.getByTestId('support-close-no').click();
    },
    'reply.done': (ctx) => release(ctx, REPLY, false),
    'reply.error': (ctx) => release(ctx, REPLY, true),
    'close.done': (ctx) => release(ctx, CLOSE, false),
    'close.error': (ctx) => release(ctx, CLOSE, true),
  },
  states: {
    async 'ticketThread.loading'(ctx) {
      await thread(ctx).getByText('Loading', { exact: false }).first().waitFor(WAIT);
    },
    async 'ticketThread.failed'(ctx) {
      await thread(ctx).getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
    // the status shown is the server's (a read after a push finds what the server has then), not the model's
    async 'ticketThread.ready'(ctx) {
      await thread(ctx).getByTestId('support-thread-status').waitFor(WAIT);
      await thread(ctx).getByTestId('support-reply').waitFor(WAIT);
    },
    async 'ticketThread.ready.reply.failed'(ctx) {
      await thread(ctx).getByTestId('support-reply-retry').waitFor(WAIT);
    },
    async 'ticketThread.ready.close.confirming'({ page }) {
      await page.getByTestId('support-close-yes').waitFor(WAIT);
    },
    async 'ticketThread.ready.close.idle'(ctx) {
      if ((ctx.expected.context as { closeError: unknown }).closeError) await ctx.page.getByTestId('support-close-error').waitFor(WAIT);
    },
    async 'ticketThread.closed'(ctx) {
      await thread(ctx).waitFor({ state: 'detached', ...WAIT });
    },
  },
};
