import type { SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { tradingBlockMachine } from '../../machines/trading-block/trading-block.machine';
import type { BlockFacts } from '../../machines/trading-block/trading-block.types';
import type { CurrentUser } from '../../core/contract';
import { signAgreement } from '../api/trading-history';
import { sessionActor } from './app';

const REOPENS_KEY = 'trading.block.reopens';

export const tradingBlockFlow = tradingBlockMachine.provide({
  actors: {
    sign: fromPromise(async ({ input }) => {
      await signAgreement(input.name);
      return { ok: true as const };
    }),
  },
  actions: {
    refreshUser: () => sessionActor.send({ type: 'user.update' }),
  },
});

/** What the blocking rule reads from the user; a deposit is any depositsTotal above zero (no floats). */
export function blockFacts(user: CurrentUser): BlockFacts {
  return {
    verified: user.verification === 'Full',
    deposited: /[1-9]/.test(user.depositsTotal),
    last_count: user.last_count,
    signed: user.sign,
  };
}

/** reopens used in this tab, so a reload does not give ten more */
export function storedReopens(): number {
  const n = Number(sessionStorage.getItem(REOPENS_KEY) ?? '0');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}
export function storeReopens(n: number): void {
  sessionStorage.setItem(REOPENS_KEY, String(n));
}

type Snapshot = SnapshotFrom<typeof tradingBlockMachine>;
export const selectLocked = (s: Snapshot): boolean => s.matches('blocked');
export const selectModalOpen = (s: Snapshot): boolean => s.matches({ blocked: 'modal' });
export const selectSigning = (s: Snapshot): boolean => s.matches({ blocked: { modal: 'signing' } });
export const selectSignError = (s: Snapshot) => s.context.error;
export const selectReopens = (s: Snapshot) => s.context.reopens;
