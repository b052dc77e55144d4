import type { EventFrom, SnapshotFrom } from 'xstate';
import type { welcomeMachine } from '../../../machines/welcome/welcome.machine';
import { FIRST_PARAM } from '../shell/navigation';

type Snapshot = SnapshotFrom<typeof welcomeMachine>;

/** The same address without `first`, everything else (other parameters, the hash) kept. */
export function withoutFirst(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(FIRST_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** where a trader's closed welcome is remembered (localStorage), per user id */
export const seenKey = (userId: string): string => `trading.welcome.seen.${userId}`;

export interface WelcomeApi {
  /** the panel is on screen */
  shown: boolean;
  /** Deposit is offered (the trader has not deposited) */
  showDeposit: boolean;
  /** Deposit: closes the welcome and opens #/show/funding */
  onDeposit: () => void;
  /** Start trading: closes the welcome */
  onClose: () => void;
}

/** The welcome panel for its view. */
export function connectWelcome(s: Snapshot, send: (event: EventFrom<typeof welcomeMachine>) => void): WelcomeApi {
  const shown = s.matches('shown');
  return {
    shown,
    showDeposit: shown && !s.context.facts.deposited,
    onDeposit: () => send({ type: 'welcome.deposit' }),
    onClose: () => send({ type: 'welcome.close' }),
  };
}
