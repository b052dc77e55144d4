import type { SnapshotFrom } from 'xstate';
import type { ladderMachine } from '../../../machines/ladder/ladder.machine';
import type { LadderEvent } from '../../../machines/ladder/ladder.types';

export type LadderSnapshot = SnapshotFrom<typeof ladderMachine>;

/** connect() for the ladder dialog. */
export function connectLadder(s: LadderSnapshot, send: (event: LadderEvent) => void) {
  const { ladder, error } = s.context;
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isShown: s.matches('shown') && ladder !== null,
    /** none: no weekly contest running; out: running, the trader not on it; in: ranked */
    state: ladder?.state ?? null,
    url: ladder?.url ?? '#/show/contest',
    contest: ladder?.contest ?? null,
    participants: ladder?.participants ?? 0,
    rank: ladder?.rank ?? null,
    figure: ladder?.figure ?? null,
    above: ladder?.above ?? null,
    toMoveUp: ladder?.toMoveUp ?? null,
    error,
    retry: () => send({ type: 'ladder.retry' }),
    refresh: () => send({ type: 'ladder.refresh' }),
    /** the loading line: busy */
    getLoadingProps: () => ({ 'aria-busy': true as const }),
    /** the failure with its retry: announced at once */
    getProblemProps: () => ({ role: 'alert' as const }),
  };
}

export type LadderApi = ReturnType<typeof connectLadder>;
