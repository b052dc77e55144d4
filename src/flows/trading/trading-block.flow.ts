import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { tradingBlockMachine } from '../../../machines/trading-block/trading-block.machine';
import { sessionActor } from '../shell/app.flow';
import { blockFacts } from './block-facts';
import { signatureFlow } from './signature.flow';
import { connectTradingBlock } from './trading-block.connect';
import { useSessionPick } from '../session/session.hooks';
import { useAttention } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';

const BLOCK_ATTENTION = { id: 'trading-block', kind: 'trading-block', priority: 'mandatory' } as const;

const REOPENS_KEY = 'trading.block.reopens';

export const tradingBlockFlow = tradingBlockMachine.provide({
  actors: {
    // the drawn signature, uploaded as a document (the server sets the sign flag)
    signature: signatureFlow,
  },
  actions: {
    refreshUser: () => sessionActor.send({ type: 'user.update' }),
  },
});

// its own module, so the first visit's welcome (a lazy chunk) reads the same facts without this flow
export { blockFacts };

/** reopens used in this tab, so a reload does not give ten more */
export function storedReopens(): number {
  const n = Number(sessionStorage.getItem(REOPENS_KEY) ?? '0');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}
export function storeReopens(n: number): void {
  sessionStorage.setItem(REOPENS_KEY, String(n));
}

/**
 * The trading block over the platform, started from the user's facts and the reopens this tab
 * used, following the user as it changes (a deposit, a signature, a verification).
 */
export function useTradingBlock() {
  const user = useSessionPick((s) => s.user);
  const actor = useActorRef(tradingBlockFlow, { input: { facts: blockFacts(user!), reopens: storedReopens() }, inspect });
  const block = connectTradingBlock(useSelector(actor, (s) => s), actor.send);
  useEffect(() => {
    if (user) actor.send({ type: 'user.changed', facts: blockFacts(user) });
  }, [actor, user]);
  useEffect(() => storeReopens(block.reopens), [block.reopens]);
  const locked = block.locked && user !== null;
  // a mandatory step: asked for while the block holds, so nothing promotional shows before the agreement is signed
  const granted = useAttention(BLOCK_ATTENTION, locked);
  return {
    ...block,
    /** shown only with a user */
    locked,
    /** the sign-up dialog shows only when the attention arbiter grants the step (never over another overlay) */
    modalOpen: block.modalOpen && granted,
  };
}
