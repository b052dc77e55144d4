import type { EventFrom, SnapshotFrom } from 'xstate';
import { MAX_REOPENS, type tradingBlockMachine } from '../../../machines/trading-block/trading-block.machine';
import { selectSignatureChild, type SignatureRef } from './signature.connect';
import { buttonProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof tradingBlockMachine>;
export const selectLocked = (s: Snapshot): boolean => s.matches('blocked');
export const selectModalOpen = (s: Snapshot): boolean => s.matches({ blocked: 'modal' });
export const selectReopens = (s: Snapshot) => s.context.reopens;

export interface TradingBlockApi {
  /** the platform cannot be used: the lock is over it */
  locked: boolean;
  /** the sign-up dialog is open */
  modalOpen: boolean;
  /** the drawn signature in the dialog (`useSignatureChild` gives its view api); undefined when the dialog is shut */
  signature: SignatureRef | undefined;
  reopens: number;
  /** how many more times a click on the lock reopens the dialog (0: none, nothing said) */
  reopensLeft: number;
  /** a click on the locked platform */
  click: () => void;
  open: () => void;
  close: () => void;
  /** the lock over the platform: a click on it reopens the dialog */
  getLockProps: () => { onClick: () => void };
  /** the lock's card: says the platform is locked; a click on it is not a click on the lock */
  getCardProps: () => { role: 'status'; onClick: (e: { stopPropagation: () => void }) => void };
  getSignProps: () => ReturnType<typeof buttonProps>;
}

/** The trading block for its view. */
export function connectTradingBlock(s: Snapshot, send: (event: EventFrom<typeof tradingBlockMachine>) => void): TradingBlockApi {
  return {
    locked: selectLocked(s),
    modalOpen: selectModalOpen(s),
    signature: selectSignatureChild(s),
    reopens: s.context.reopens,
    reopensLeft: Math.max(0, MAX_REOPENS - s.context.reopens),
    click: () => send({ type: 'block.click' }),
    open: () => send({ type: 'sign.open' }),
    close: () => send({ type: 'sign.close' }),
    getLockProps: () => ({ onClick: () => send({ type: 'block.click' }) }),
    getCardProps: () => ({ role: 'status' as const, onClick: (e) => e.stopPropagation() }),
    getSignProps: () => buttonProps(() => send({ type: 'sign.open' })),
  };
}
