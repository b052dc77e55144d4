import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { describeCard } from '../../core/card-facts';
import { isProcessor } from '../../core/cascade/processors';
import { CardPaymentView, FundingOptionsResponse, SandboxCardCompleteResponse } from '../../core/contract/card';
import type { CurrentUser, Settings } from '../../core/contract';
import type { cardFormMachine } from '../../machines/card-form/card-form.machine';
import type { cascadeMachine } from '../../machines/cascade/cascade.machine';
import type { CardFormInput } from '../../machines/card-form/card-form.types';
import type { CascadeOutput, StepRecord, StoredCascade } from '../../machines/cascade/cascade.types';
import { depositAmount, depositAmountError } from '../../machines/funding/payment';
import { cardFormFor, newTab } from './card-flow';
import { describeFailure, type TraderClient } from './client';
import type { TrafficClock } from './clock';
import type { CardChoice, PaymentPlan } from './plan';

/** One card deposit as the trader saw it, and the payment as the server then showed it. */
export interface DepositOutcome {
  card: CardChoice;
  /**
   * how the run ended: the cascade's result (approved, failed, stopped, unresolved, cancelled,
   * tab, …), `refused` (the form or the card's save refused it: no payment), `abandoned` (it
   * asked for more processor pages than a trader opens) or `stuck` (the driver's watchdog)
   */
  result: string;
  /** the fraud check's flag that stopped it before any payment (fail_limit, bad_card, reason, day_limit), else '' */
  flagged: string;
  /** the refusal's key (the form's check, the save: card.blocked, …), else '' */
  refused: string;
  /** the message key the run ended with (cascade_card.failed, cascade.hard.lost, …), else '' */
  message: string;
  /** the cascade's steps, as the list under the form showed them */
  steps: StepRecord[];
  /** the processor pages the trader went through (3-D Secure, hosted, Entropay) */
  pages: number;
  /**
   * pages of an attempt the trader had already finished on its page, shown again (the trader
   * cancels it then). The sandbox does this for a pending or no-answer card on a hosted processor
   * (Vload, Shape; Entropay): its first listen check answers the start's redirect again.
   */
  pagesAgain: number;
  /** GET /api/card/payments/{id} once the run ended; null when no payment was made */
  payment: CardPaymentView | null;
  /** what went wrong in the driver or the server (not a decline) */
  errors: string[];
}

export interface DepositContext {
  client: TraderClient;
  clock: TrafficClock;
  /** the trader's funnel collector */
  inspect: (event: InspectionEvent) => void;
  user: CurrentUser;
  settings: Settings;
  plan: PaymentPlan;
}

/** the most processor pages one payment is followed through (each page returns to a resumed run) */
const MAX_PAGES = 4;
/** the driver gives up on a run that has not ended in this much of the clock's time */
const WATCHDOG_MS = 10 * 60_000;
/** "Response error, try again": the trader presses Retry this many times, then Cancel */
const RETRIES = 2;
const HOLDER = 'Sandbox Trader';

type CardFormActor = ActorRefFrom<typeof cardFormMachine>;
type CascadeActor = ActorRefFrom<typeof cascadeMachine>;

/**
 * One card deposit, run by the real machines: the card form (machines/card-form), which saves the
 * card and invokes the cascade (machines/cascade) with the input the funding page gives it (the
 * stack facts from /api/settings and /api/me, the country and currency of /api/card/options, the
 * payment of this press of Deposit as machines/funding/payment.ts decides it). The trader's
 * choices are sent as the view would send them: the do-not-honor dialog, "Response error, try
 * again", Stop waiting, Entropay's dialogs. A processor's page (3-D Secure, a hosted page,
 * Entropay's page) is done through POST /api/sandbox/card/complete (what its buttons post), then
 * the run comes back as the browser's does: a new card form resuming the stored run with the uid
 * of the return address (`resumeFromListen` in src/flows/funding/funding.flow.ts).
 */
export async function deposit(ctx: DepositContext): Promise<DepositOutcome> {
  const { client, clock, plan } = ctx;
  const outcome: DepositOutcome = { card: plan.card, result: '', flagged: '', refused: '', message: '', steps: [], pages: 0, pagesAgain: 0, payment: null, errors: [] };
  const options = await client.call(FundingOptionsResponse, 'GET', '/api/card/options');
  const tab = newTab();
  const logic = cardFormFor(client, clock, tab);
  const opened = new Date(clock.now());
  const input: CardFormInput = {
    settings: ctx.settings.cascade,
    user: ctx.user.cascade,
    country: ctx.user.country,
    affsId: ctx.user.affsId,
    noVload: ctx.settings.no_vload,
    geo: options.geo,
    currency: options.currency,
    jcb: false,
    demo: false,
    year: opened.getUTCFullYear(),
    month: opened.getUTCMonth() + 1,
    resume: null,
    now: clock.now(),
  };

  // the funding page's payment for this press (machines/funding/payment.ts): the fixed amount in US and CA, else the typed one
  const page = { options, amount: plan.amount, tab: 'card' as const };
  const fixed = options.fixedAmount !== null;
  const ask = {
    key: `${plan.keySeed}-1`,
    amount: depositAmount(page),
    currency: options.currency,
    fixed,
    bonus: plan.bonus && !fixed,
    promo: '',
    amountError: depositAmountError(page),
  };

  let round = await runRound(ctx, logic, input, (actor) => {
    actor.send({ type: 'field.change', field: 'name', value: HOLDER });
    actor.send({ type: 'field.change', field: 'month', value: '12' });
    actor.send({ type: 'field.change', field: 'year', value: String(input.year + 3) });
    actor.send({ type: 'card.submit', card: describeCard(plan.number), cvv: '123', payment: ask, now: clock.now() });
  });
  const finished = new Set<string>();
  while (round.end === 'redirected') {
    if (outcome.pages >= MAX_PAGES) {
      round = { ...round, end: 'abandoned' };
      break;
    }
    outcome.pages++;
    // the same attempt's page again, after it was finished on its page: the trader cancels it
    const attempt = tab.run?.current?.processor ?? '';
    const again = finished.has(attempt);
    if (again) outcome.pagesAgain++;
    finished.add(attempt);
    const resume = await throughPage(ctx, tab.redirect, tab.run, again ? false : plan.page === 'approve', outcome.errors);
    if (!resume) {
      round = { ...round, end: 'abandoned' };
      break;
    }
    tab.redirect = '';
    round = await runRound(ctx, logic, { ...input, resume, now: clock.now() }, () => {});
  }

  const cascade = round.cascade;
  outcome.steps = cascade?.steps ?? tab.run?.log ?? [];
  outcome.result = round.end === 'ended' || round.end === 'approved' ? (cascade?.result ?? 'refused') : round.end;
  if (round.end === 'stuck') outcome.errors.push(`stuck in ${round.where}`);
  if (outcome.result === 'refused') outcome.refused = round.refused || 'unknown';
  if (round.flagged) outcome.flagged = round.flagged;
  outcome.message = cascade?.error?.key ?? '';

  const paymentId = tab.run?.payment.id ?? '';
  if (paymentId) {
    try {
      outcome.payment = await client.call(CardPaymentView, 'GET', `/api/card/payments/${paymentId}`);
    } catch (error) {
      outcome.errors.push(`payment ${paymentId}: ${describeFailure(error)}`);
    }
  }
  return outcome;
}

interface Round {
  /** approved | ended (the form is back: declined, stopped, cancelled, refused…) | redirected (a processor's page) | stuck */
  end: 'approved' | 'ended' | 'redirected' | 'abandoned' | 'stuck';
  cascade: CascadeOutput | null;
  /** the fraud check's flag, when it stopped the run */
  flagged: string;
  /** the form's or the save's refusal key */
  refused: string;
  where: string;
}

/**
 * One card form from its start until it is settled: back on the form with a result or a refusal,
 * approved, or gone to a processor's page. What the trader does in between is answered from the
 * inspection events (every snapshot of every actor of the form's system).
 */
function runRound(ctx: DepositContext, logic: ReturnType<typeof cardFormFor>, input: CardFormInput, begin: (actor: CardFormActor) => void): Promise<Round> {
  const { clock, plan } = ctx;
  return new Promise<Round>((resolve) => {
    const round: Round = { end: 'ended', cascade: null, flagged: '', refused: '', where: '' };
    const handled = new Set<string>();
    const timers: unknown[] = [];
    let submitted = false;
    let done = false;
    let queued = false;

    const finish = (end: Round['end']) => {
      if (done) return;
      done = true;
      for (const t of timers) clock.clearTimeout(t);
      round.end = end;
      actor.stop();
      resolve(round);
    };
    const once = (key: string, act: () => void) => {
      if (handled.has(key)) return;
      handled.add(key);
      act();
    };
    const later = (ms: number, act: () => void) => {
      timers.push(clock.setTimeout(() => !done && act(), ms));
    };

    /** the attempt the page is waiting for ("Waiting for the bank"), or '' */
    function listeningTo(): string {
      const snap = actor.getSnapshot();
      const cs = snap.matches('paying') ? (snap.children.cascade as CascadeActor | undefined)?.getSnapshot() : undefined;
      const current = cs?.status === 'active' && cs.matches('listening') ? cs.context.current : null;
      return current ? `listening:${current.processor}:${current.uid}` : '';
    }

    function react(): void {
      queued = false;
      if (done) return;
      const snap = actor.getSnapshot();
      if (snap.status === 'done') return finish('redirected');
      if (snap.status === 'error') {
        round.where = `cardForm error: ${String(snap.error)}`;
        return finish('stuck');
      }
      if (snap.matches('saving') || snap.matches('paying')) submitted = true;
      if (snap.matches('approved')) return finish('approved');
      if (snap.matches('editing') && submitted) {
        if (!round.cascade) round.refused = snap.context.error?.msg.key ?? '';
        return finish('ended');
      }
      if (!snap.matches('paying')) return;
      const cascade = snap.children.cascade as CascadeActor | undefined;
      if (!cascade) return;
      const cs = cascade.getSnapshot();
      if (cs.status !== 'active') return;
      if (cs.matches('doNotHonor')) {
        once('doNotHonor', () => actor.send(plan.doNotHonor === 'tab' ? { type: 'dialog.tab', tab: 'bitcoin' } : { type: 'dialog.close' }));
      } else if (cs.matches('dayLimit')) {
        round.flagged = 'day_limit';
        once('dayLimit', () => {
          actor.send({ type: 'dialog.why' });
          actor.send({ type: 'dialog.close' });
        });
      } else if (cs.matches('interrupted')) {
        const tries = [...handled].filter((k) => k.startsWith('interrupted')).length;
        once(`interrupted:${tries}`, () => later(2_000, () => actor.send({ type: tries < RETRIES ? 'payment.retry' : 'payment.cancel' })));
      } else if (cs.matches('listening')) {
        const key = listeningTo();
        const patience = plan.patienceMs;
        // Stop waiting, if by then the page still waits for the same attempt
        if (patience !== null && key) once(key, () => later(patience, () => listeningTo() === key && actor.send({ type: 'listen.stop' })));
      } else if (cs.matches('entropay')) {
        const dialog = (cs.children as { entropay?: { getSnapshot(): { value: unknown; context: { shakes: number } }; send(event: unknown): void } }).entropay;
        const es = dialog?.getSnapshot();
        if (!dialog || !es) return;
        if (es.value === 'start') once('entropay:start', () => dialog.send({ type: plan.entropay === 'confirm' ? 'entropay.confirm' : 'entropay.reject' }));
        else if (es.value === 'cvv')
          once(`entropay:cvv:${es.context.shakes}`, () => dialog.send(es.context.shakes < 2 ? { type: 'cvv.submit', cvv: plan.cvv } : { type: 'entropay.reject' }));
      }
    }

    const inspect = (event: InspectionEvent) => {
      ctx.inspect(event);
      if (event.type !== '@xstate.snapshot') return;
      const snapshot = event.snapshot as { status?: string; output?: unknown; context?: unknown };
      if ((event.actorRef as { id?: string }).id === 'cascade' && snapshot.status === 'done') {
        round.cascade = snapshot.output as CascadeOutput;
        const context = snapshot.context as { payment: { id: string }; outcome: { kind: string; code?: string } | null };
        // stopped by the fraud check: no payment was made
        if (context.payment.id === '' && context.outcome?.kind === 'declined') round.flagged = context.outcome.code ?? '';
      }
      // react once the transition is over, never inside it
      if (!queued) {
        queued = true;
        queueMicrotask(react);
      }
    };

    const actor: CardFormActor = createActor(logic, { input, clock, inspect });
    later(WATCHDOG_MS, () => {
      round.where = JSON.stringify(actor.getSnapshot().value);
      finish('stuck');
    });
    actor.start();
    begin(actor);
    // a first round was submitted (the form saves, or refuses at once); a resumed one pays at once
    submitted = true;
    react();
  });
}

/**
 * A processor's page, as the trader's browser meets it: the page is opened (its HTML, which says
 * "Sandbox"), its button is pressed through POST /api/sandbox/card/complete (Authenticate and pay
 * or Cancel, as the plan says), and the return address `#/listen/funding/{proc}/{payment}/{uid}`
 * gives the stored run its attempt's uid, as `resumeFromListen` does. Returns the run to resume,
 * or null when the page could not be followed.
 */
async function throughPage(ctx: DepositContext, url: string, run: StoredCascade | null, approve: boolean, errors: string[]): Promise<StoredCascade | null> {
  const { client } = ctx;
  if (!run || !run.current || !url) {
    errors.push(`redirect without a run (${url || 'no url'})`);
    return null;
  }
  const opened = await client.send('GET', url.startsWith('/') ? url : `/${url}`);
  if (opened.status !== 200 && opened.status !== 303) errors.push(`page ${url.split('?')[0]}: ${opened.status}`);
  let returnUrl = '';
  try {
    const done = await client.call(SandboxCardCompleteResponse, 'POST', '/api/sandbox/card/complete', { id: run.payment.id, processor: run.current.processor, approve });
    returnUrl = done.returnUrl;
  } catch (error) {
    // an attempt that is not on its page any more: the browser comes back to the listen route all the same
    errors.push(`complete ${run.current.processor}: ${describeFailure(error)}`);
  }
  const match = /#\/listen\/funding\/([a-z0-9_]+)\/([0-9a-f-]+)\/([^/?#]*)/.exec(returnUrl);
  const processor = (match?.[1] ?? run.current.processor).toUpperCase();
  const id = match?.[2] ?? run.payment.id;
  const uid = match?.[3] ?? '';
  if (id !== run.payment.id || !isProcessor(processor)) return null;
  const current = run.current.processor === processor ? run.current : { processor, uid: '', deadline: 0 };
  return { ...run, current: { ...current, uid: uid && uid !== '-' ? uid : current.uid }, finished: false };
}
