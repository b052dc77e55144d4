import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { MachineModel, TestPath } from '../../../machine-kit/types';
import { attentionModel } from '../../../machines/attention/attention.model';
import type { AttentionContext, AttentionRequest } from '../../../machines/attention/attention.types';
import { signIn } from '../../browser/browser';
import { noisePng } from '../../browser/files';
import { drawSignature } from '../../browser/signature';
import { freshUser, sandboxCall } from '../sandbox';
import type { PathContext, UiBinding } from '../types';
import { WAIT } from './wait';

/**
 * Requests the trading page makes as it loads, in the order it makes them (effects of the
 * mounted views): the chat (a first browser at 1280 px), the trading block (a locked trader), the
 * welcome (`?first=1`, its panel loads lazily). The weekend contest asks when its check of the
 * open contests answers: the binding holds that answer until the path's step.
 */
const LOAD_ORDER = ['chat', 'trading-block', 'welcome'];

/**
 * The arbiter's model with what a page can ask and close: the trading block, the welcome, the
 * weekend contest, the chat and a pushed toast (no view asks for a money result yet),
 * from a first browser (the model's second input, a contest closed today and a chat opened before,
 * gives only the two reasons below).
 */
const model: MachineModel = {
  ...attentionModel,
  inputs: [attentionModel.inputs![0]],
  events: {
    ...attentionModel.events,
    'attention.request': (attentionModel.events!['attention.request'] as { request: AttentionRequest }[]).filter((e) => e.request.kind !== 'card-result')
      // the welcome first: the generated paths then meet it before the weekend contest, as the page does
      .sort((a, b) => Number(b.request.kind === 'welcome') - Number(a.request.kind === 'welcome')),
  },
};

const requestOf = (e: AnyEventObject): AttentionRequest | undefined => (e.type === 'attention.request' ? (e.request as AttentionRequest) : undefined);
const kindsOf = (path: TestPath): string[] => path.steps.map((s) => requestOf(s.event)?.kind).filter((k): k is string => !!k);

/**
 * What the real page can do in the path's order (the model's context before each step tells what
 * is on screen): load-time requests come first and in the page's order; a feature is closed only
 * while it is the one shown; the card form opens only when no overlay is shown and neither the
 * trading block nor the welcome (both views of #/home) is asked for; the arbiter's real timer
 * (the 1.5 s settle) runs on, so a path in `settling` goes on with that timer (or a request already
 * on its way). The chat is answered at once, in the mount that asks.
 */
export function feasible(path: TestPath): boolean {
  const kinds = kindsOf(path);
  if (new Set(kinds).size !== kinds.length) return false;
  // a document reviewed reaches the trader's documents on #/show/personal: a path of its own there, no card form
  if (kinds.includes('toast') && (kinds.length > 1 || path.steps.some((s) => s.event.type === 'attention.busy'))) return false;
  if (kinds.includes('welcome') && kinds.includes('trading-block')) return false; // the welcome waits for the agreement
  const atLoad = kinds.filter((k) => LOAD_ORDER.includes(k));
  if (atLoad.join() !== LOAD_ORDER.filter((k) => atLoad.includes(k)).join()) return false;
  for (let i = 1; i < path.steps.length; i++) {
    const e = path.steps[i].event;
    const c = path.steps[i - 1].state.context as AttentionContext;
    const r = requestOf(e);
    if (r) {
      if (r.kind === 'card-result') return false;
      if (LOAD_ORDER.includes(r.kind) && i !== atLoad.indexOf(r.kind) + 1) return false;
      if (r.kind === 'chat' && c.chatAutoOpened) return false;
      if (r.kind === 'weekend-contest' && c.seen['weekend-contest'] === c.today) return false;
    }
    // closing: the shown one by its button; the welcome still waiting by leaving #/home (its view unmounts)
    if (e.type === 'attention.release' && c.shown?.id !== e.id && !(e.id === 'welcome' && c.waiting.some((w) => w.id === 'welcome'))) return false;
    const homeAsks = [...c.waiting, ...(c.shown ? [c.shown] : [])].some((w) => w.id === 'welcome' || w.id === 'trading-block');
    if (e.type === 'attention.busy' && (c.busy.length > 0 || c.shown !== null || homeAsks)) return false;
    if (e.type === 'attention.idle' && !c.busy.includes(String(e.flow))) return false;
    const before = path.steps[i - 1].state.value as { overlay: string };
    // the block and the chat ask in the same mount, the welcome's panel a little later (it loads lazily)
    const loadBurst = r !== undefined && LOAD_ORDER.includes(r.kind);
    // the card form opens at once only from another tab of the funding page already open: start opens it when
    // nothing asks as the page loads, or the card form was left for it earlier in the path
    const cardTabAtHand = !atLoad.length || path.steps.slice(1, i).some((s) => s.event.type === 'attention.idle');
    const quick = e.type.includes('promotionSettle') || r?.kind === 'weekend-contest' || e.type === 'attention.release' || (e.type === 'attention.busy' && cardTabAtHand);
    if (before.overlay === 'settling' && !loadBurst && !quick) return false;
  }
  return true;
}

/** today in the browser's zone, as the arbiter and the weekend contest keep it */
const TODAY_SCRIPT = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** the sandbox reviewer approves the trader's pending documents (the console's JSON twin, operator token) */
async function approvePending(page: Page, email: string, operator: string): Promise<void> {
  await page.evaluate(
    async ({ owner, token }) => {
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const list = (await (await fetch('/api/sandbox/review/documents', { headers: { 'x-sandbox-operator': token } })).json()) as { documents: { id: string; email: string }[] };
      for (const d of list.documents.filter((x) => x.email === owner)) {
        const res = await fetch(`/api/sandbox/review/${d.id}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-operator': token, 'x-csrf-token': csrf }, body: JSON.stringify({ decision: 'approve' }) });
        if (!res.ok) throw new Error(`approve ${res.status}`);
      }
    },
    { owner: email, token: operator },
  );
}

async function goHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), hash);
}

/**
 * The attention arbiter (docs/attention.md) on the trading page of a fresh sandbox
 * trader signed in at 1280x900. What asks is what the path asks: a locked trader (deposited,
 * unverified, unsigned) for the trading block, `?first=1` for the welcome, a first browser for the
 * chat, a weekend contest opened by the sandbox operator for the contest modal (its check held on
 * its way until the step). Closing is the trader's click (Start trading, signing the agreement); a
 * money flow is the card form on #/show/funding; a page left is a hash route change.
 */
export const attentionBinding: UiBinding = {
  machine: 'attention',
  model,
  firstBrowser: true,
  alone: 'a weekend path opens a contest every trader on the server is shown; run beside another attention path it would decide what that one sees',
  maxPaths: 12,
  feasible,
  async start(ctx: PathContext) {
    const { page, baseURL, context } = ctx;
    const kinds = kindsOf(ctx.path);
    const chat = kinds.includes('chat');
    const weekend = kinds.includes('weekend-contest');
    // the sign-in lands on the trading page once before the measured load: nothing asks there
    await context.addInitScript(() => {
      try {
        if (sessionStorage.getItem('ui-paths.measured') === '1') return;
        const now = new Date();
        localStorage.setItem('tourney_weekend_seen', `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);
        localStorage.setItem('chat.autoOpened', '1');
      } catch {
        // about:blank has no storage
      }
    });
    const locked = kinds.includes('trading-block');
    const toast = kinds.includes('toast');
    const user = await freshUser(
      page,
      baseURL,
      locked ? { verification: 'None', last_count: 1, sign: false, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] } : toast ? { verification: 'None', can_upload: true } : {},
    );
    ctx.world.user = user;
    if (weekend) {
      await sandboxCall(page, '/api/sandbox/contests', { type: 'weekend', seconds: 900, startedSecondsAgo: 5, prizes: ['25.00', '10.00'] }, ctx.operator);
      const held: Route[] = [];
      let released = false;
      await page.route('**/api/tourney/current', async (route) => {
        if (released) return route.continue();
        held.push(route);
      });
      ctx.world.releaseWeekend = async () => {
        released = true;
        for (const r of held.splice(0)) await r.continue();
      };
    }
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 15_000 });
    // the landing's shell mounted (its chat has looked at the memory the init script left and not
    // asked): changed before, the landing's chat would find it empty, open, and write it back
    await page.locator('div.shell').waitFor({ timeout: 15_000 });
    if (toast) {
      // the trader sends a passport for review (the reviewer's decision is the path's step)
      await page.goto(`${baseURL}/en/trading#/show/personal`);
      await page.getByTestId('document-passport').getByTestId('upload-input').setInputFiles(noisePng(64));
      await page.waitForFunction(
        async () => ((await (await fetch('/api/verification/documents')).json()) as { documents: { status: string }[] }).documents.some((d) => d.status === 'uploaded'),
        undefined,
        { timeout: 15_000 },
      );
    }
    // the measured load: this browser as the path wants it
    await page.evaluate(
      ({ chat, weekend, today }) => {
        sessionStorage.setItem('ui-paths.measured', '1');
        if (chat) localStorage.removeItem('chat.autoOpened');
        else localStorage.setItem('chat.autoOpened', '1');
        if (weekend) localStorage.removeItem('tourney_weekend_seen');
        else localStorage.setItem('tourney_weekend_seen', today);
      },
      { chat, weekend, today: await page.evaluate(TODAY_SCRIPT) },
    );
    // the sign-in's load is left (and its messages with it): the path is the next load's arbiter
    await page.goto('about:blank');
    ctx.log.splice(0);
    await page.goto(`${baseURL}/en/trading${kinds.includes('welcome') ? '?first=1' : ''}#/${toast ? 'show/personal' : 'home'}`);
    if (toast) await page.getByTestId('document-passport').waitFor({ timeout: 15_000 });
    else if (!kinds.some((k) => LOAD_ORDER.includes(k))) {
      // nothing asks as the page loads: the trader opens the funding page and picks Neteller, so the
      // card form is one click away (it opens within that click, inside the arbiter's 1.5 s settle)
      await page.locator('iframe.platform__frame').waitFor(WAIT);
      await goHash(page, '#/show/funding');
      await page.locator('form.card-form').waitFor({ timeout: 15_000 });
      await page.locator('#fund-tab-neteller').click(WAIT);
      await page.locator('form.card-form').waitFor({ state: 'detached', ...WAIT });
      ctx.world.fundingOpen = true;
    }
  },
  events: {
    async 'attention.request'(ctx) {
      const r = requestOf(ctx.event)!;
      // the trading block, the chat and the welcome asked as the page loaded (start)
      if (r.kind === 'weekend-contest') await (ctx.world.releaseWeekend as () => Promise<void>)();
      if (r.kind === 'toast') {
        // the sandbox reviewer approves the passport: the server pushes the decision, the page asks to show it
        const asked = () => ctx.log.filter((m) => m.kind === '@xstate.snapshot' && m.machineId === 'attention' && m.event === 'attention.request').length;
        const before = asked();
        await approvePending(ctx.page, (ctx.world.user as { email: string }).email, ctx.operator);
        await ctx.page.getByText(/passport.*approved/i).first().waitFor({ timeout: 10_000 });
        if (asked() === before) throw new Error('the reviewed passport was shown without asking the arbiter');
      }
    },
    async 'attention.release'(ctx) {
      const { page, event } = ctx;
      const before = ctx.path.steps[ctx.index - 1].state.context as AttentionContext;
      if (event.id === 'welcome' && before.shown?.id !== 'welcome') {
        // still waiting: the trader leaves #/home for the history, the welcome's view goes with it
        await goHash(page, '#/show/history');
        return;
      }
      if (event.id === 'welcome') {
        await page.getByTestId('welcome').getByRole('button', { name: 'Start trading' }).click();
        return;
      }
      const dialog = page.getByRole('dialog', { name: 'Client agreement' });
      await drawSignature(page, dialog.getByTestId('signature-canvas'));
      await dialog.getByLabel('I agree to the client agreement').check();
      await dialog.getByTestId('signature-save').click();
    },
    async 'attention.busy'({ page, world }) {
      // the card form on screen: the funding page's Card tab, or the funding page (it opens on it)
      if (world.fundingOpen) await page.locator('#fund-tab-card').click(WAIT);
      else await goHash(page, '#/show/funding');
      await page.locator('form.card-form').waitFor({ timeout: 15_000 });
    },
    async 'attention.idle'({ page, world }) {
      // the trader leaves the card form for another way to pay (Neteller), on the same page
      await page.locator('#fund-tab-neteller').click(WAIT);
      await page.locator('form.card-form').waitFor({ state: 'detached', ...WAIT });
      world.fundingOpen = true;
    },
    async 'attention.leave'({ page }) {
      // another address of the same page: the hash changes, nothing unmounts
      await page.evaluate(() => {
        const [route, query] = window.location.hash.split('?');
        window.location.hash = query ? route : `${route}?left=1`;
      });
    },
    'after:promotionSettle': async () => {},
  },
  states: {
    async 'attention.overlay.showing'({ page, expected }) {
      const shown = (expected.context as AttentionContext).shown;
      if (shown?.kind === 'welcome') await page.getByTestId('welcome').waitFor(WAIT);
      else if (shown?.kind === 'weekend-contest') await page.getByTestId('tourney-weekend').waitFor(WAIT);
      else if (shown?.kind === 'trading-block') await page.getByRole('dialog', { name: 'Client agreement' }).waitFor(WAIT);
    },
    async 'attention.overlay.held'({ page }) {
      await page.locator('form.card-form').waitFor(WAIT);
    },
    async 'attention.chat.spent'({ page }) {
      // opened by itself: a column of its own, and the page beside it (nothing covered)
      await page.locator('[data-testid="chat-panel"].chat--column').waitFor(WAIT);
      if (!(await page.evaluate(() => document.body.classList.contains('with-chat-column')))) throw new Error('the chat opened by itself over the page, not in its column');
    },
    async 'attention.overlay.quiet'({ page }) {
      for (const id of ['welcome', 'tourney-weekend']) {
        if (await page.getByTestId(id).count()) throw new Error(`${id} is on screen while nothing is granted`);
      }
    },
  },
  reasons: {
    'attention.overlay.deciding:always:2': 'no view asks for a money result yet (requestModal with a page has no caller): nothing in the page can make one wait',
    'attention.overlay.showing:attention.leave:0': 'no view asks for a money result yet: no result is ever on screen for a hash change to close',
    'attention.chat.asked:always:0': 'the chat asks only in a browser where it never opened by itself, the same memory the arbiter starts from, so it never asks an arbiter that knows it opened',
    'attention.overlay.showing:attention.request:0': 'the trading block asks as #/home mounts for a trader already under it; a trader who comes under it while a promotion is on screen (a first deposit landing then) is not bound here',
    'attention.overlay.choosing:always:0': 'the weekend contest and the welcome keep their own day and do not ask again once closed today; the signals pop-up, which would, is not bound here',
  },
};
