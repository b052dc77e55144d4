import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { compareDecimal, decimalsOf, isDecimal, normalizeDecimal } from '../../core/decimal';
import { isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { DepositSubmit, MethodDepositContext, MethodDepositEvent, MethodDepositInput, MethodDepositStatus, StartInput, StartOutput } from './method-deposit.types';

/** How often the return page asks for the deposit's status when no push arrives. */
export const METHOD_POLL_MS = 5_000;

const isAmount = (value: string): boolean => isDecimal(value, { whole: 12, decimals: 2 }) && compareDecimal(value, '0') > 0;
const submitOf = (event: MethodDepositEvent) => (event.type === 'deposit.submit' ? { account: event.account, secureId: event.secureId } : { account: undefined, secureId: undefined });
/** the amount Deposit pays: the funding page's amount line's */
const paidAmount = (e: DepositSubmit): string => normalizeDecimal(e.payment.amount);

/** A server refusal with a key worth showing as it is; anything else is the generic failure. */
function startFailure(error: unknown, minDeposit: string): Msg {
  if (isCallFailure(error) && error.kind === 'http' && error.status < 500 && /^(method\.|neteller\.|skrill\.|limits\.|deposit\.|validation|csrf$|auth\.)/.test(error.error)) {
    // a deposit limit's refusal carries its own values (limit, used, when it fits again), a break's its end (deposit.excluded)
    return msg(error.error, error.message || undefined, error.error === 'method.min_deposit' ? { min: minDeposit } : error.params);
  }
  return msg('method.start_failed');
}

const isFinalStatus = (status: MethodDepositStatus): boolean => status !== 'pending';

/**
 * A wallet method's deposit (spec 001 §5, §7): Deposit carries the funding page's amount line
 * (amount, bonus, checked promo code: the bonus the line shows goes with the start); the form's checks (Neteller: account and secure id
 * required, six-digit secure id; every method: the amount at least the minimum, 'Min deposit
 * {min}'), the start, then the provider's page (redirect), the direct result, or the refusal;
 * back from the provider's page, the deposit's status by push with polling as the fallback,
 * until paid or failed. A demo account is blocked.
 */
export const methodDepositMachine = setup({
  types: {} as { context: MethodDepositContext; events: MethodDepositEvent; input: MethodDepositInput },
  actors: {
    start: fromPromise<StartOutput, StartInput>(notProvided('start')),
    checkDeposit: fromPromise<{ status: MethodDepositStatus }, { id: string }>(notProvided('checkDeposit')),
    /** the server's method.updated events of this deposit, sent back as method.push */
    methodEvents: fromCallback<MethodDepositEvent, { id: string }>(() => () => {}),
  },
  actions: {
    /** app effect: the browser goes to the provider's page */
    goToProvider: (_, _params: { url: string }) => {},
    /** app effect: the balance changed (the header reloads the user) */
    userChanged: () => {},
    refuse: assign((_, params: { error: Msg; shakes: number }) => ({ error: params.error, shakes: params.shakes + 1 })),
  },
  guards: {
    isDemo: ({ context }) => context.demo,
    isReturning: ({ context }) => context.depositId !== '',
    isDirect: ({ context }) => context.flow === 'direct',
    isMissingFields: ({ context }, e: DepositSubmit) =>
      paidAmount(e) === '' || (context.flow === 'direct' && (!(e.account ?? '').trim() || !(e.secureId ?? '').trim())),
    isBadSecureId: ({ context }, e: DepositSubmit) => context.flow === 'direct' && !/^\d{6}$/.test((e.secureId ?? '').trim()),
    isWrongAmount: (_, e: DepositSubmit) => !isAmount(paidAmount(e)) && decimalsOf(paidAmount(e)) <= 2,
    isTooPrecise: (_, e: DepositSubmit) => decimalsOf(paidAmount(e)) > 2,
    isBelowMinimum: ({ context }, e: DepositSubmit) => compareDecimal(paidAmount(e), context.minDeposit) < 0,
    isRedirect: (_, output: StartOutput) => output.redirectUrl !== undefined,
    isPaid: (_, output: { status: MethodDepositStatus }) => output.status === 'paid',
    isEnded: (_, output: { status: MethodDepositStatus }) => isFinalStatus(output.status),
    shouldRecheck: ({ context }) => context.recheck,
  },
  delays: { poll: METHOD_POLL_MS },
}).createMachine({
  id: 'methodDeposit',
  context: ({ input }) => ({
    method: input.method,
    flow: input.flow,
    demo: input.demo,
    minDeposit: input.minDeposit,
    currency: input.currency,
    amount: input.amount || input.minDeposit,
    bonus: false,
    promo: '',
    depositId: input.depositId ?? '',
    redirectUrl: '',
    status: null,
    error: null,
    shakes: 0,
    recheck: false,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: 'isReturning', target: 'listening' }, { guard: 'isDemo', target: 'demoBlocked' }, { target: 'editing' }],
    },
    /** a DEMO account cannot deposit (the view shows the demo block) */
    demoBlocked: { type: 'final' },
    editing: {
      on: {
        'deposit.submit': [
          { guard: { type: 'isMissingFields', params: ({ event }) => event }, actions: { type: 'refuse', params: ({ context }) => ({ error: msg('method.required'), shakes: context.shakes }) } },
          { guard: { type: 'isBadSecureId', params: ({ event }) => event }, actions: { type: 'refuse', params: ({ context }) => ({ error: msg('neteller.secure_id'), shakes: context.shakes }) } },
          { guard: { type: 'isTooPrecise', params: ({ event }) => event }, actions: { type: 'refuse', params: ({ context }) => ({ error: msg('method.amount'), shakes: context.shakes }) } },
          { guard: { type: 'isWrongAmount', params: ({ event }) => event }, actions: { type: 'refuse', params: ({ context }) => ({ error: msg('method.amount'), shakes: context.shakes }) } },
          {
            guard: { type: 'isBelowMinimum', params: ({ event }) => event },
            actions: { type: 'refuse', params: ({ context }) => ({ error: msg('method.min_deposit', undefined, { min: context.minDeposit }), shakes: context.shakes }) },
          },
          {
            target: 'starting',
            // the page's amount, bonus and checked promo code go with this deposit (the bonus the line showed)
            actions: assign(({ event }) => ({ amount: paidAmount(event), bonus: event.payment.bonus, promo: event.payment.promo, error: null })),
          },
        ],
      },
    },
    starting: {
      invoke: {
        src: 'start',
        // Neteller's account and secure id come from the submit event, never from the context
        input: ({ context, event }) => ({ method: context.method, amount: context.amount, currency: context.currency, bonus: context.bonus, promo: context.promo, ...submitOf(event) }),
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: assign(({ event }) => ({ depositId: event.output.id, redirectUrl: event.output.redirectUrl ?? '', status: event.output.status })),
          },
          {
            guard: { type: 'isPaid', params: ({ event }) => event.output },
            target: 'paid',
            actions: [assign(({ event }) => ({ depositId: event.output.id, status: event.output.status })), 'userChanged'],
          },
          { target: 'listening', actions: assign(({ event }) => ({ depositId: event.output.id, status: event.output.status })) },
        ],
        onError: { target: 'editing', actions: { type: 'refuse', params: ({ context, event }) => ({ error: startFailure(event.error, context.minDeposit), shakes: context.shakes }) } },
      },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'goToProvider', params: ({ context }) => ({ url: context.redirectUrl }) },
    },
    /** the deposit is with the provider: its status by push, polled as the fallback */
    listening: {
      invoke: { src: 'methodEvents', input: ({ context }) => ({ id: context.depositId }) },
      initial: 'checking',
      states: {
        waiting: {
          after: { poll: 'checking' },
          on: { 'method.push': 'checking' },
        },
        checking: {
          on: { 'method.push': { actions: assign({ recheck: true }) } },
          invoke: {
            src: 'checkDeposit',
            input: ({ context }) => ({ id: context.depositId }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#methodDeposit.paid',
                actions: [assign(({ event }) => ({ status: event.output.status })), 'userChanged'],
              },
              { guard: { type: 'isEnded', params: ({ event }) => event.output }, target: '#methodDeposit.failed', actions: assign(({ event }) => ({ status: event.output.status })) },
              { guard: 'shouldRecheck', target: 'checking', reenter: true, actions: assign({ recheck: false }) },
              { target: 'waiting' },
            ],
            // a failed check (network, server) is not an answer: keep listening
            onError: { target: 'waiting', actions: assign({ recheck: false }) },
          },
        },
      },
    },
    paid: {
      on: { 'deposit.again': { target: 'editing', actions: assign({ depositId: '', status: null, redirectUrl: '', error: null }) } },
    },
    /** failed at the provider, or flagged for review: nothing was credited */
    failed: {
      on: { 'deposit.again': { target: 'editing', actions: assign({ depositId: '', status: null, redirectUrl: '', error: null }) } },
    },
  },
});
