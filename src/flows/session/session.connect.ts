import type { EventFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { currentAccountOf, currentCurrencyOf } from '../../../core/accounts';
import type { Balance, CurrentUser, Settings } from '../../../core/contract';
import { selectSessionStatus, type SessionSnapshot, type SessionStatus } from './session.select';

export { selectSessionStatus, selectSettings, selectUser, type SessionSnapshot, type SessionStatus } from './session.select';
type Send = (event: EventFrom<typeof sessionMachine>) => void;

export interface SessionApi {
  status: SessionStatus;
  loading: boolean;
  unavailable: boolean;
  signedIn: boolean;
  signedOut: boolean;
  user: CurrentUser | null;
  settings: Settings | null;
  /** third parties are sandboxes: every sandbox screen says so */
  sandbox: boolean;
  /** the base address of the embedded trading platform */
  platform: string;
  /** the balance the trader trades and withdraws from (core/accounts.ts) */
  currentAccount: Balance | undefined;
  /** its currency, else the user's own */
  currency: string;
  /** the trader's available balance, '0' before the user is known */
  available: string;
  isDemo: boolean;
  /** verification is Full (the header marks it; the personal page explains) */
  verified: boolean;
  retry: () => void;
  logout: () => void;
  /** the embedded platform says its session is gone */
  platformSignedOut: () => void;
  /** something changed the user on the server: reload it */
  userChanged: () => void;
}

/** What the session's views read and do (the shell, the login page, the header). */
export function connectSession(s: SessionSnapshot, send: Send): SessionApi {
  const status = selectSessionStatus(s);
  const user = s.context.user;
  const settings = s.context.settings;
  return {
    status,
    loading: status === 'loading',
    unavailable: status === 'unavailable',
    signedIn: status === 'signedIn',
    signedOut: status === 'signedOut',
    user,
    settings,
    sandbox: settings?.sandbox ?? false,
    platform: settings?.platform ?? '/platform',
    currentAccount: currentAccountOf(user),
    currency: currentCurrencyOf(user),
    available: user?.available ?? '0',
    isDemo: user?.isDemo ?? false,
    verified: user?.verification === 'Full',
    retry: () => send({ type: 'session.retry' }),
    logout: () => send({ type: 'session.logout' }),
    platformSignedOut: () => send({ type: 'platform.notAuth' }),
    userChanged: () => send({ type: 'user.update' }),
  };
}
