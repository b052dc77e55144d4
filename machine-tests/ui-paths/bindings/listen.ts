import { listenModel } from '../../../machines/cascade/cascade.model';
import type { TestPath } from '../../../machine-kit/types';
import { failNextRequest } from '../sandbox';
import { eventKey } from '../select';
import type { PathContext, UiBinding } from '../types';
import { cardTrader, fateRequests, fillAndDeposit, isStartUrl, openFunding, scriptPlaces, WAIT } from './card-helpers';

const LISTEN_URL = '**/api/card/listen/**';
type Check = { found: boolean; reply?: { code?: string } };

/** the outcomes of the path's checks, in order ('error' for a failed one) */
function checksOf(path: TestPath): Array<Check | 'error'> {
  const out: Array<Check | 'error'> = [];
  for (let i = 1; i < path.steps.length; i++) {
    const key = eventKey(path.steps[i].event, path.steps[i - 1].state);
    if (key === 'checkStatus.done') out.push(path.steps[i].event.output as Check);
    if (key === 'checkStatus.error') out.push('error');
  }
  return out;
}
const isFinal = (c: Check | 'error') => c !== 'error' && c.found && c.reply?.code === '0000';

/**
 * What the sandbox can make: a pending attempt answers pending on its 1st listen check and
 * approved on the 2nd ('pending'), or stays pending ('timeout'); a check finding no attempt only
 * follows a reload that cut the start off (the immediate input).
 */
function feasible(path: TestPath): boolean {
  const checks = checksOf(path);
  const immediate = (path.input as { immediate: boolean }).immediate;
  const missing = checks.findIndex((c) => c !== 'error' && !c.found);
  if (missing >= 0 && (!immediate || checks.slice(0, missing).length > 0)) return false;
  const server = checks.filter((c) => c !== 'error' && c.found);
  const final = server.findIndex(isFinal);
  return final < 0 || final === 1;
}

async function listenStart(ctx: PathContext): Promise<void> {
  const { page } = ctx;
  const checks = checksOf(ctx.path);
  const immediate = (ctx.input as { immediate: boolean }).immediate;
  const missing = checks.some((c) => c !== 'error' && !c.found);
  await cardTrader(ctx, 'MEIKO');
  await scriptPlaces(page, [{ at: 1, outcome: checks.some(isFinal) ? 'pending' : 'timeout' }]);
  if (missing) await fateRequests(page, isStartUrl, ['hold']);
  await openFunding(ctx);
  await fillAndDeposit(page);
  if (immediate) {
    await page.getByText(missing ? /^Trying payment processor/ : /^Waiting for the bank/).first().waitFor(WAIT);
    if (checks[0] === 'error') await failNextRequest(page, LISTEN_URL);
    await page.reload();
  }
}

/** before a check: a lost connection when the path wants it to fail */
async function arrangeCheck(ctx: PathContext & { upcoming: (...k: string[]) => unknown }): Promise<void> {
  const next = ctx.upcoming('checkStatus.done', 'checkStatus.error') as { type: string } | undefined;
  if (next && next.type.startsWith('xstate.error')) await failNextRequest(ctx.page, LISTEN_URL);
}

/**
 * Listening for one processor's answer, inside the cascade on the funding page: a fresh trader
 * whose one processor (Meiko) answers pending (approved on the 2nd check) or stays pending
 * (scripted 'timeout'); the 5 s checks and the 120 s deadline on Playwright's clock; a failed
 * check is a lost connection (page.route); the immediate check is the one after a reload.
 *
 * NOT REGISTERED in bindings/index.ts yet (issue 20, left undone): 4 paths pass (17 s), 7/12
 * transitions; the 5 s check from waiting of the non-immediate input is not picked yet and the
 * pushes (listen.push) are not bound (the reasons below say so; they are gaps, not limits).
 */
export const listenBinding: UiBinding = {
  machine: 'listen',
  model: listenModel,
  maxPaths: 12,
  feasible,
  start: listenStart,
  events: {
    async 'after:listenInterval'(ctx) {
      await arrangeCheck(ctx);
      await ctx.page.clock.fastForward(5_000);
    },
    async 'after:untilDeadline'({ page }) {
      await page.clock.fastForward(120_000);
    },
    'checkStatus.done': async () => {},
    'checkStatus.error': async () => {},
    async 'listen.stop'({ page }) {
      await page.getByRole('button', { name: 'Stop waiting' }).click(WAIT);
    },
  },
  states: {},
  reasons: {
    'listen.active.waiting:listen.push:0':
      "not reached yet: the server pushes payment.updated only when the payment changes, and a direct processor's pending attempt changes only on a listen check (issue 20, left undone)",
    'listen.active.checking:listen.push:0':
      'not reached yet: a push while a check is in flight needs the check held on the way while the payment changes (issue 20, left undone)',
    'listen.active.checking:xstate.done.actor.0.listen.active.checking:2':
      'not reached yet: the recheck after a push during a check (see listen.push) (issue 20, left undone)',
  },
};
