import type { EventFrom, SnapshotFrom } from 'xstate';
import type { signInHistoryMachine } from '../../../machines/sign-in-history/sign-in-history.machine';
import type { SignInEvent } from '../../../core/contract/sign-in-history';
import { msg, type Msg } from '../../../core/message';
import { formatDateTime } from '../shared/dates';
import { buttonProps, regionProps, statusProps, titleProps } from '../shared/props';
import { regionName } from '../shared/regions';
import { SIGN_INS_CSV } from '../../api/sign-in-history';
import type { NotMeRef } from './not-me.connect';

type Snapshot = SnapshotFrom<typeof signInHistoryMachine>;
type Send = (event: EventFrom<typeof signInHistoryMachine>) => void;

/** One sign-in, written for the trader. */
export interface SignInItem {
  id: string;
  /** when, in the trader's zone */
  at: string;
  /** "Signed in", "Wrong password" … */
  what: Msg;
  /** "Password", "Email link", "Social sign-in" … */
  method: Msg;
  /** the attempt made a session (or was refused) */
  tone: 'ok' | 'refused' | 'step';
  device: Msg;
  ip: string | null;
  /** the country's name in the page's language; null: unknown */
  country: string | null;
  newDevice: boolean;
  /** "This wasn't me" for a new-device sign-in that made a session; null otherwise */
  getNotMeProps: (() => ReturnType<typeof buttonProps>) | null;
}

const MADE_SESSION = new Set<SignInEvent['outcome']>(['signed_in', 'factor_passed']);
const REFUSED = new Set<SignInEvent['outcome']>(['wrong_password', 'locked', 'refused', 'factor_failed']);

/**
 * The sign-in history on the security page (issue 31 §1, §3) for its view: each sign-in with what
 * happened, device, IP and country, newest first; Show more while older ones exist; the CSV
 * download; the read's failure with a retry; "This wasn't me" for a new-device sign-in and, while it
 * is asked, the child's actor for the dialog.
 */
export function connectSignInHistory(s: Snapshot, send: Send, lang: string) {
  const { events, next, error } = s.context;
  const loadingMore = s.matches('loadingMore');
  const items: SignInItem[] = events.map((e) => ({
    id: e.id,
    at: formatDateTime(e.at),
    what: msg(`history.outcome.${e.outcome}`),
    method: msg(`history.method.${e.method}`),
    tone: MADE_SESSION.has(e.outcome) ? 'ok' : REFUSED.has(e.outcome) ? 'refused' : 'step',
    device: e.device ? msg('', e.device) : msg('sessions.unknown_device'),
    ip: e.ip,
    country: e.country ? regionName(e.country, lang) : null,
    newDevice: e.newDevice,
    getNotMeProps: e.newDevice && MADE_SESSION.has(e.outcome) ? () => buttonProps(() => send({ type: 'history.notMe', event: e.id })) : null,
  }));
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    error,
    items,
    empty: s.matches('ready') && events.length === 0,
    retry: () => send({ type: 'retry' }),
    canMore: next !== null && !s.matches('loading'),
    loadingMore,
    getMoreProps: () => ({ ...buttonProps(() => send({ type: 'history.more' }), { disabled: loadingMore }), 'aria-busy': loadingMore || undefined }),
    /** a further page failed: what was read stays */
    moreFailed: s.matches({ ready: 'moreFailed' }),
    getProblemProps: () => statusProps({ role: 'alert', focusOn: s.matches({ ready: 'moreFailed' }) ? 'history-more-failed' : null }),
    getRegionProps: () => ({ ...regionProps('history-title'), 'aria-busy': s.matches('loading') || loadingMore || undefined }),
    getTitleProps: () => titleProps('history-title'),
    /** the CSV download: a plain link (the browser saves the file) */
    getDownloadProps: () => ({ href: SIGN_INS_CSV, download: true }),
    /** "this wasn't me" being asked: its actor (the dialog reads it) */
    notMe: (s.children.notMe as NotMeRef | undefined) ?? null,
  };
}

export type SignInHistoryApi = ReturnType<typeof connectSignInHistory>;
