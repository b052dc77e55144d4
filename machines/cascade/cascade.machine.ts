import { assign, fromPromise, sendTo, setup } from 'xstate';
import { listenMachine } from '../listen/listen.machine';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { CascadeContext, CascadeEvent, CascadeInput, CascadeOutput, FraudCheckOutput, StartInput, StartOutput, StoredCascade } from './cascade.types';
import { classify, type Outcome } from '../../core/cascade/classify';
import { entropayMachine } from './entropay.machine';
import type { Processor, ProcessorReply } from '../../core/cascade/processors';
import { cascadeStack, nextUntried } from '../../core/cascade/stack';

/** Orange not-3D requests are delayed 6 s (spec 000 §4, §9). */
export const ORANGE_NOT3D_DELAY_MS = 6_000;
/** How long the trader waits for one processor's final answer before the run is left unresolved. */
export const LISTEN_TIMEOUT_MS = 120_000;

const stored = (c: CascadeContext, finished: boolean): StoredCascade => ({ payment: c.payment, tried: c.tried, current: c.current, log: c.log, finished });
const kindIs = (outcome: Outcome | null, kind: Outcome['kind']) => outcome?.kind === kind;

/**
 * The card funding cascade (spec 000 §4, spec README §4): the fraud check first, then the
 * processors of the stack in order, each tried once per payment; every per-processor reply is
 * read by classify(); hard declines stop at once (Zoom's host code 51 too: the spec would add
 * EZPAY to the tried list and go on, spec README item 4 makes it a hard decline; the step list
 * says so); do-not-honor opens the honest dialog; a processor the server skipped as unhealthy or
 * whose start failed in transport is marked and the next one tried (spec 000 §8: "most starts
 * cascade first"), and when the last one failed in transport the run ends with the 'Response
 * error, try again' toast; no answer from our server at all is Retry/Cancel; redirects
 * (3-D Secure, hosted pages) leave and come back to a resumed run. The tried list and the
 * current attempt are persisted (browser storage) through `persist`, so a reload resumes and
 * never repeats a processor.
 */
export const cascadeMachine = setup({
  types: {} as { context: CascadeContext; events: CascadeEvent; input: CascadeInput; output: CascadeOutput },
  actors: {
    fraudCheck: fromPromise<FraudCheckOutput, { payment: CascadeContext['payment'] }>(notProvided('fraudCheck')),
    startProcessor: fromPromise<StartOutput, StartInput>(notProvided('startProcessor')),
    listen: listenMachine,
    entropay: entropayMachine,
  },
  actions: {
    /** app effect: write the run to browser storage (tried list, last payment, current attempt) */
    persist: (_, _params: StoredCascade) => {},
    /** app effect: the last payment in browser storage (spec 000 §3) */
    storeLastPayment: (_, _params: { amount: string; fixed: boolean; bonus: boolean }) => {},
    /** app effect: the balance changed, reload the user (spec 000 §4) */
    broadcastUserUpdate: () => {},
    /** app effect: full navigation to a processor's page */
    redirectTo: (_, _params: { url: string }) => {},
    /** app effect: a toast (the toast machine): 'Response error, try again' when the stack ran out on a transport failure */
    toast: (_, _params: { text: CascadeContext['error'] }) => {},
    markTried: assign(({ context }, params: { result: 'declined' | 'passed' | 'skipped' | 'unavailable' | 'unreachable'; skip?: Processor[] }) => {
      const processor = context.current?.processor;
      if (!processor) return {};
      const skipped = (params.skip ?? []).filter((p) => !context.tried.includes(p) && p !== processor);
      return {
        tried: [...context.tried, processor, ...skipped],
        log: [...context.log, { processor, result: params.result, code: context.outcome?.kind === 'declined' ? context.outcome.code : '' }, ...skipped.map((p) => ({ processor: p, result: 'skipped' as const, code: '' }))],
        current: null,
      };
    }),
    end: assign((_, params: { result: CascadeContext['result']; error?: CascadeContext['error'] }) => ({ result: params.result, error: params.error ?? null })),
  },
  guards: {
    isResumingAttempt: ({ context }) => context.current !== null,
    hasPaymentId: ({ context }) => context.payment.id !== '',
    hasUntried: ({ context }) => nextUntried(context.stack, context.tried) !== null,
    isStackEmpty: ({ context }) => context.stack.length === 0,
    isCurrent: ({ context }, params: { processor: Processor }) => context.current?.processor === params.processor,
    isOutcome: ({ context }, params: { kind: Outcome['kind'] }) => kindIs(context.outcome, params.kind),
    isStop: ({ context }) => context.outcome?.kind === 'declined' && context.outcome.stop,
    isDayLimit: (_, output: FraudCheckOutput) => output.day_limit === true,
    isFlagged: (_, output: FraudCheckOutput) => classify({ proc: 'FRAUD', ...output }, { fixed: false }).kind === 'declined',
    /** the server refused (4xx): a clear answer, not a transport failure */
    isRefusal: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.status >= 400 && error.status < 500,
    /**
     * the server answered that the processor failed, not us nor the trader's connection: skipped as
     * unhealthy (503 card.processor_unavailable) or its start failed in transport and was reversed
     * (502 card.processor_unreachable); any other failure (no answer at all, another 5xx) is Retry/Cancel
     */
    isProcessorFailure: (_, params: { error: unknown; key: string }) => isCallFailure(params.error) && params.error.kind === 'http' && params.error.error === params.key,
    /** every processor of the stack was skipped as unhealthy: card payments are temporarily unavailable */
    isAllUnavailable: ({ context }) => context.stack.length > 0 && context.stack.every((p) => context.log.some((step) => step.processor === p && step.result === 'unavailable')),
    /** the last processor's start failed in transport (spec 000 §8: the toast once the cascade ran out) */
    isLastUnreachable: ({ context }) => context.log.at(-1)?.result === 'unreachable',
    isListen: (_, params: { status: string; expected: string }) => params.status === params.expected,
    isEntropay: (_, params: { result: string; expected: string }) => params.result === params.expected,
  },
  delays: {
    orangeNot3dDelay: ORANGE_NOT3D_DELAY_MS,
  },
}).createMachine({
  id: 'cascade',
  context: ({ input }) => {
    const resume = input.resume;
    const current = resume?.current ? { ...resume.current, deadline: resume.current.deadline || input.now + LISTEN_TIMEOUT_MS } : null;
    return {
      stack: cascadeStack(input),
      // a new start clears the tried list (and wipes the one a finished run left)
      payment: resume?.payment ?? input.payment ?? { id: '', key: '', amount: '0', currency: 'USD', fixed: false, bonus: false, promo: '', card: '' },
      tried: resume?.tried ?? [],
      current,
      log: resume?.log ?? [],
      outcome: null,
      redirectUrl: '',
      error: null,
      explained: false,
      result: null,
      tab: '',
      now: input.now,
      immediate: resume !== undefined,
    };
  },
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'isResumingAttempt', target: 'listening', meta: { spec: ['000 §9.17'] } },
        { guard: 'hasPaymentId', target: 'next', meta: { spec: ['000 §9.17'] } },
        {
          target: 'checking',
          meta: { spec: ['000 §4.3', '000 §9.17'] },
          actions: [
            { type: 'storeLastPayment', params: ({ context }) => ({ amount: context.payment.amount, fixed: context.payment.fixed, bonus: context.payment.bonus }) },
            { type: 'persist', params: ({ context }) => stored(context, false) },
          ],
        },
      ],
    },
    /** the fraud check comes first (spec 000 §4); its answer creates the payment on the server */
    checking: {
      invoke: {
        src: 'fraudCheck',
        input: ({ context }) => ({ payment: context.payment }),
        onDone: [
          { guard: { type: 'isDayLimit', params: ({ event }) => event.output }, target: 'dayLimit', meta: { spec: ['000 §4.19', '000 §8.6'], deviation: 'addition: fraud check first' } },
          {
            guard: { type: 'isFlagged', params: ({ event }) => event.output },
            target: 'stopped',
            meta: { spec: ['000 §4.19', '000 §8.5'], deviation: 'addition: fraud check first' },
            actions: assign(({ event }) => ({ outcome: classify({ proc: 'FRAUD', ...event.output }, { fixed: false }) })),
          },
          {
            target: 'next',
            meta: { spec: ['000 §4.19'], deviation: 'addition: fraud check first' },
            actions: [
              assign(({ context, event }) => ({ payment: { ...context.payment, id: event.output.payment ?? context.payment.id } })),
              { type: 'persist', params: ({ context }) => stored(context, false) },
            ],
          },
        ],
        onError: [
          { guard: { type: 'isRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'stopped', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' }, actions: assign(({ event }) => ({ error: failureMsg(event.error, 'server_error') })) },
          { target: 'interrupted', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' } },
        ],
      },
    },
    /** 'Dear client, … your daily limit of {limit} credit card transactions per day is exceeded' (the limit the server reported) */
    dayLimit: {
      meta: { spec: ['000 §8.6', '000 §9.7'] },
      initial: 'asking',
      states: {
        asking: { on: { 'dialog.why': 'explaining' } },
        explaining: {},
      },
      on: {
        'dialog.tab': { target: 'switched', actions: assign(({ event }) => ({ tab: event.tab })) },
        'dialog.close': 'cancelled',
      },
    },
    next: {
      always: [
        {
          guard: 'hasUntried',
          target: 'preparing',
          meta: { spec: ['000 §4.1', '000 §4.2', '000 §4.3', '000 §4.4'] },
          actions: assign(({ context }) => ({ current: { processor: nextUntried(context.stack, context.tried)!, uid: '', deadline: 0 }, outcome: null })),
        },
        { guard: 'isStackEmpty', target: 'stopped', meta: { spec: ['000 §4.2'] }, actions: assign({ error: msg('cascade.no_processors') }) },
        { guard: 'isAllUnavailable', target: 'stopped', meta: { spec: ['000 §4.5'], deviation: 'addition: processor health' }, actions: assign({ error: msg('cascade.processors_unavailable') }) },
        { guard: 'isLastUnreachable', target: 'responseError', meta: { spec: ['000 §8.1', '000 §4.5'] } },
        { target: 'exhausted', meta: { spec: ['000 §4.5'] } },
      ],
    },
    preparing: {
      entry: { type: 'persist', params: ({ context }) => stored(context, false) },
      always: [{ guard: { type: 'isCurrent', params: { processor: 'ORANGE_NOT3D' } }, target: 'delaying', meta: { spec: ['000 §4.20', '000 §9.2'] } }, { target: 'starting' }],
    },
    delaying: { after: { orangeNot3dDelay: { target: 'starting', meta: { spec: ['000 §4.20', '000 §9.2'] } } } },
    starting: {
      invoke: {
        src: 'startProcessor',
        input: ({ context }) => ({ processor: context.current!.processor, payment: context.payment }),
        onDone: {
          target: 'deciding',
          actions: assign(({ context, event }) => {
            const outcome = classify(event.output.reply, { fixed: context.payment.fixed });
            const uid = outcome.kind === 'pending' ? outcome.uid : '';
            return { outcome, now: event.output.at, immediate: false, current: { processor: context.current!.processor, uid, deadline: event.output.at + LISTEN_TIMEOUT_MS } };
          }),
        },
        onError: [
          {
            guard: { type: 'isProcessorFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, key: 'card.processor_unavailable' }) },
            target: 'next',
            meta: { spec: ['000 §4.4'], deviation: 'addition: processor health' },
            actions: { type: 'markTried', params: { result: 'unavailable' } },
          },
          {
            guard: { type: 'isProcessorFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, key: 'card.processor_unreachable' }) },
            target: 'next',
            meta: { spec: ['000 §8.1', '000 §4.4'] },
            actions: { type: 'markTried', params: { result: 'unreachable' } },
          },
          { guard: { type: 'isRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'stopped', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' }, actions: assign(({ event }) => ({ error: failureMsg(event.error, 'server_error') })) },
          { target: 'interrupted', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' } },
        ],
      },
    },
    /** one reply, one decision (classify.ts holds the rules) */
    deciding: {
      always: [
        { guard: { type: 'isOutcome', params: { kind: 'approved' } }, target: 'approved', meta: { spec: ['000 §4.8', '000 §4.9', '000 §4.10', '000 §4.11', '000 §4.12', '000 §4.13', '000 §4.14'] } },
        { guard: { type: 'isOutcome', params: { kind: 'pending' } }, target: 'listening', meta: { spec: ['000 §4.6', '000 §4.9'] } },
        { guard: { type: 'isOutcome', params: { kind: 'redirect' } }, target: 'redirecting', meta: { spec: ['000 §4.9', '000 §4.18'] }, actions: assign(({ context }) => ({ redirectUrl: context.outcome?.kind === 'redirect' ? context.outcome.url : '' })) },
        { guard: { type: 'isOutcome', params: { kind: 'entropayStart' } }, target: 'entropay', meta: { spec: ['000 §4.17'] } },
        { guard: { type: 'isOutcome', params: { kind: 'entropayCvv' } }, target: 'entropay', meta: { spec: ['000 §4.17'] } },
        { guard: { type: 'isOutcome', params: { kind: 'doNotHonor' } }, target: 'doNotHonor', meta: { spec: ['000 §4.15'], deviation: 'spec README item 3' }, actions: { type: 'markTried', params: { result: 'declined' } } },
        {
          guard: 'isStop',
          target: 'stopped',
          meta: { spec: ['000 §4.8', '000 §4.12', '000 §4.16', '000 §8.4', '000 §8.7'], deviation: ['spec README item 4', 'addition: Concept 003 stops'] },
          actions: { type: 'markTried', params: { result: 'declined' } },
        },
        { guard: { type: 'isOutcome', params: { kind: 'passed' } }, target: 'next', meta: { spec: ['000 §4.4', '000 §4.19'] }, actions: { type: 'markTried', params: { result: 'passed' } } },
        {
          target: 'next',
          meta: { spec: ['000 §4.4', '000 §4.8', '000 §4.9', '000 §4.12', '000 §4.16', '000 §4.17', '000 §8.3'] },
          actions: { type: 'markTried', params: ({ context }) => ({ result: 'declined' as const, skip: context.outcome?.kind === 'declined' ? context.outcome.skip : undefined }) },
        },
      ],
    },
    listening: {
      entry: { type: 'persist', params: ({ context }) => stored(context, false) },
      invoke: {
        id: 'listen',
        src: 'listen',
        input: ({ context }) => ({
          processor: context.current!.processor,
          paymentId: context.payment.id,
          uid: context.current!.uid,
          deadline: context.current!.deadline,
          now: context.now,
          immediate: context.immediate,
          fixed: context.payment.fixed,
        }),
        onDone: [
          // the start never reached the server (a reload cut it off): send it again, same key
          { guard: { type: 'isListen', params: ({ event }) => ({ status: event.output.status, expected: 'missing' }) }, target: 'starting' },
          { guard: { type: 'isListen', params: ({ event }) => ({ status: event.output.status, expected: 'timeout' }) }, target: 'unresolved', meta: { spec: ['000 §4.6'], deviation: 'addition: listen deadline' }, actions: assign({ error: msg('cascade.unresolved') }) },
          { guard: { type: 'isListen', params: ({ event }) => ({ status: event.output.status, expected: 'stopped' }) }, target: 'unresolved', meta: { spec: ['000 §4.6'] }, actions: assign({ error: msg('cascade.listen_stopped') }) },
          { target: 'deciding', meta: { spec: ['000 §4.6', '000 §4.11'] }, actions: assign(({ context, event }) => ({ outcome: classify(event.output.reply as ProcessorReply, { fixed: context.payment.fixed }), immediate: false })) },
        ],
      },
      on: { 'listen.stop': { meta: { spec: ['000 §4.6'] }, actions: sendTo('listen', { type: 'listen.stop' }) } },
    },
    entropay: {
      invoke: {
        id: 'entropay',
        src: 'entropay',
        input: ({ context }) => ({ dialog: context.outcome?.kind === 'entropayCvv' ? ('cvv' as const) : ('start' as const), paymentId: context.payment.id, amount: context.payment.amount }),
        onDone: [
          { guard: { type: 'isEntropay', params: ({ event }) => ({ result: event.output.result, expected: 'redirect' }) }, target: 'redirecting', meta: { spec: ['000 §4.17'] }, actions: assign(({ event }) => ({ redirectUrl: event.output.url })) },
          { guard: { type: 'isEntropay', params: ({ event }) => ({ result: event.output.result, expected: 'rejected' }) }, target: 'next', meta: { spec: ['000 §4.4', '000 §4.17'] }, actions: { type: 'markTried', params: { result: 'declined' } } },
          { target: 'deciding', meta: { spec: ['000 §4.17'] }, actions: assign(({ context, event }) => ({ outcome: classify(event.output.reply as ProcessorReply, { fixed: context.payment.fixed }) })) },
        ],
      },
    },
    /** the issuer declined (host code 05): the honest dialog — contact the bank or choose another method */
    doNotHonor: {
      meta: { spec: ['000 §4.15'], deviation: 'spec README item 3' },
      on: {
        'dialog.tab': { target: 'switched', actions: assign(({ event }) => ({ tab: event.tab })) },
        'dialog.close': { target: 'stopped', actions: assign({ error: msg('cascade.do_not_honor'), explained: true }) },
      },
    },
    /** 'Response error, try again': the waiting ends; a retry sends the same start (same key, never a second charge) */
    interrupted: {
      meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' },
      entry: assign({ error: msg('cascade.response_error') }),
      on: {
        'payment.retry': [
          { guard: 'isResumingAttempt', target: 'starting', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' }, actions: assign({ error: null }) },
          { target: 'checking', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' }, actions: assign({ error: null }) },
        ],
        'payment.cancel': { target: 'cancelled', meta: { spec: ['000 §8.1'], deviation: 'docs/funding.md: network failure' } },
      },
    },
    redirecting: {
      type: 'final',
      entry: [{ type: 'end', params: { result: 'redirected' } }, { type: 'persist', params: ({ context }) => stored(context, false) }, { type: 'redirectTo', params: ({ context }) => ({ url: context.redirectUrl }) }],
    },
    approved: {
      type: 'final',
      meta: { spec: ['000 §4.7'] },
      entry: [
        assign(({ context }) => ({ log: [...context.log, { processor: context.current!.processor, result: 'approved' as const, code: '' }], result: 'approved' as const })),
        { type: 'persist', params: ({ context }) => stored(context, true) },
        'broadcastUserUpdate',
      ],
    },
    /** the last processor's start failed in transport and none is left: 'Response error, try again' as a toast, the waiting ends (spec 000 §8) */
    responseError: {
      type: 'final',
      meta: { spec: ['000 §8.1'] },
      entry: [
        { type: 'end', params: { result: 'failed', error: msg('cascade.response_error') } },
        assign({ explained: true }),
        { type: 'toast', params: { text: msg('cascade.response_error') } },
        { type: 'persist', params: ({ context }) => stored(context, true) },
      ],
    },
    exhausted: {
      type: 'final',
      meta: { spec: ['000 §4.5', '000 §8.2'] },
      entry: [{ type: 'end', params: { result: 'failed', error: msg('cascade_card.failed') } }, { type: 'persist', params: ({ context }) => stored(context, true) }],
    },
    stopped: {
      type: 'final',
      entry: [
        assign(({ context }) => ({ result: 'stopped' as const, error: context.error ?? (context.outcome?.kind === 'declined' ? context.outcome.msg : msg('cascade.declined')) })),
        { type: 'persist', params: ({ context }) => stored(context, true) },
      ],
    },
    unresolved: { type: 'final', entry: [assign({ result: 'unresolved' }), { type: 'persist', params: ({ context }) => stored(context, true) }] },
    switched: { type: 'final', entry: [assign({ result: 'tab' }), { type: 'persist', params: ({ context }) => stored(context, true) }] },
    cancelled: { type: 'final', entry: [assign({ result: 'cancelled', error: null }), { type: 'persist', params: ({ context }) => stored(context, true) }] },
  },
  output: ({ context }) => ({
    result: context.result ?? 'cancelled',
    error: context.error,
    tab: context.tab,
    amount: context.payment.amount,
    currency: context.payment.currency,
    stack: context.stack,
    steps: context.log,
    explained: context.explained,
  }),
});
