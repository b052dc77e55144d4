import { assign, setup } from 'xstate';
import { signatureMachine } from '../signature/signature.machine';
import type { BlockFacts, TradingBlockContext, TradingBlockEvent, TradingBlockInput } from './trading-block.types';

/** clicks on the locked platform that reopen the sign-up modal (spec 002 §9) */
export const MAX_REOPENS = 10;

/** The blocking rule (spec 002 §4): not Full, has deposited (or has last_count), has not signed. */
export function isTradingBlocked(facts: BlockFacts): boolean {
  return !facts.verified && (facts.deposited || facts.last_count > 0) && !facts.signed;
}

/**
 * Trading block (spec 002 §4): while the rule holds, the platform is locked and the sign-up
 * modal opens; clicks on the lock reopen it up to MAX_REOPENS times (the lock's own button
 * always does). The modal holds the drawn signature (the `signature` machine, a child, with the
 * agreement tick); once it is saved trading unlocks and the user is refreshed.
 */
export const tradingBlockMachine = setup({
  types: {} as { context: TradingBlockContext; events: TradingBlockEvent; input: TradingBlockInput },
  actors: {
    signature: signatureMachine,
  },
  actions: {
    /** app effect: sessionActor.send({ type: 'user.update' }) */
    refreshUser: () => {},
    takeFacts: assign(({ context, event }) => ({ facts: event.type === 'user.changed' ? event.facts : context.facts })),
  },
  guards: {
    isBlocked: ({ context }) => isTradingBlocked(context.facts),
    /** the refreshed user is still under the rule */
    staysBlocked: ({ event }) => event.type === 'user.changed' && isTradingBlocked(event.facts),
    canReopen: ({ context }) => context.reopens < MAX_REOPENS,
  },
}).createMachine({
  id: 'tradingBlock',
  context: ({ input }) => ({ facts: input.facts, reopens: Math.min(input.reopens ?? 0, MAX_REOPENS) }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isBlocked', target: 'blocked', meta: { spec: ['002 §4.18'] } }, { target: 'open', meta: { spec: ['002 §4.18'] } }],
    },
    open: {
      on: { 'user.changed': { target: 'checking', actions: 'takeFacts' } },
    },
    blocked: {
      initial: 'modal',
      on: {
        // a user refresh while locked changes nothing on screen (the modal does not pop up again)
        'user.changed': [{ guard: 'staysBlocked', actions: 'takeFacts' }, { target: 'open', meta: { spec: ['002 §4.19'] }, actions: 'takeFacts' }],
      },
      states: {
        closed: {
          on: {
            // past the limit the click stays on the lock; its button still opens the modal
            'block.click': { guard: 'canReopen', target: 'modal', meta: { spec: ['002 §4.20', '002 §9.8'] }, actions: assign(({ context }) => ({ reopens: context.reopens + 1 })) },
            'sign.open': 'modal',
          },
        },
        modal: {
          on: { 'sign.close': 'closed' },
          // the drawn signature; closing the modal stops it (a save on the way is dropped with it)
          invoke: {
            id: 'signature',
            src: 'signature',
            input: { agreement: true },
            onDone: {
              target: '#tradingBlock.open',
              meta: { spec: ['002 §4.19'] },
              actions: [assign(({ context }) => ({ facts: { ...context.facts, signed: true } })), 'refreshUser'],
            },
          },
        },
      },
    },
  },
});
