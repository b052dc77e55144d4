import type { EventFrom, SnapshotFrom } from 'xstate';
import type { welcomeMachine } from '../../../machines/welcome/welcome.machine';
import { FIRST_PARAM } from '../shell/navigation';
import { buttonProps, regionProps, titleProps } from '../shared/props';

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
  /** the card: a region named by its title (not a dialog: the platform stays usable) */
  getRegionProps: () => { role: 'region' } & ReturnType<typeof regionProps>;
  getTitleProps: () => ReturnType<typeof titleProps>;
  getDepositProps: () => ReturnType<typeof buttonProps>;
  getStartProps: () => ReturnType<typeof buttonProps>;
}

const WELCOME_TITLE_ID = 'welcome-title';

/** The welcome panel for its view. */
export function connectWelcome(s: Snapshot, send: (event: EventFrom<typeof welcomeMachine>) => void): WelcomeApi {
  const shown = s.matches('shown');
  return {
    shown,
    showDeposit: shown && !s.context.facts.deposited,
    onDeposit: () => send({ type: 'welcome.deposit' }),
    onClose: () => send({ type: 'welcome.close' }),
    getRegionProps: () => ({ role: 'region' as const, ...regionProps(WELCOME_TITLE_ID) }),
    getTitleProps: () => titleProps(WELCOME_TITLE_ID),
    getDepositProps: () => buttonProps(() => send({ type: 'welcome.deposit' })),
    getStartProps: () => buttonProps(() => send({ type: 'welcome.close' })),
  };
}
