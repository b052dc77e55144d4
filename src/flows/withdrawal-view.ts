import type { SnapshotFrom } from 'xstate';
import type { withdrawalPendingMachine } from '../../machines/withdrawal/pending.machine';
import type { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';

type WithdrawalSnapshot = SnapshotFrom<typeof withdrawalMachine>;
type PendingSnapshot = SnapshotFrom<typeof withdrawalPendingMachine>;

export type WithdrawalStep = 'editing' | 'checking' | 'confirming' | 'needVerify' | 'finalizing' | 'factor' | 'done' | 'loggedOut';

export const selectStep = (s: WithdrawalSnapshot): WithdrawalStep => {
  for (const step of ['checking', 'confirming', 'needVerify', 'finalizing', 'factor', 'done', 'loggedOut'] as const) if (s.matches(step)) return step;
  return 'editing';
};
export const selectTab = (s: WithdrawalSnapshot) => s.context.tab;
export const selectWithdrawalError = (s: WithdrawalSnapshot) => s.context.error;
export const selectShakes = (s: WithdrawalSnapshot) => s.context.shakes;
export const selectCase = (s: WithdrawalSnapshot) => s.context.case;
export const selectTurnover = (s: WithdrawalSnapshot) => s.context.turnover;
export const selectRequest = (s: WithdrawalSnapshot) => s.context.request;
export const selectResult = (s: WithdrawalSnapshot) => s.context.result;
export const selectBusy = (s: WithdrawalSnapshot): boolean => s.matches('checking') || s.matches('finalizing');

export const selectPendingHits = (s: PendingSnapshot) => s.context.hits;
export const selectPendingLoading = (s: PendingSnapshot): boolean => s.matches('loading');
export const selectPendingFailed = (s: PendingSnapshot) => (s.matches('failed') ? s.context.error : null);
export const selectCancelling = (s: PendingSnapshot): string | null => (s.matches('confirming') || s.matches('rejecting') ? s.context.cancelling : null);
export const selectRejecting = (s: PendingSnapshot): boolean => s.matches('rejecting');
