import type { EventFrom, SnapshotFrom } from 'xstate';
import type { activeSessionsMachine } from '../../../machines/active-sessions/active-sessions.machine';
import { msg, type Msg } from '../../../core/message';
import { formatDateTime } from '../shared/dates';
import { buttonProps, regionProps, statusProps, titleProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof activeSessionsMachine>;
type Send = (event: EventFrom<typeof activeSessionsMachine>) => void;

/** One row of the list, written for the trader. */
export interface SessionItem {
  ref: string;
  /** "Chrome on Linux", or the words for an unknown device */
  device: Msg;
  ip: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
  /** this row's end is on its way */
  ending: boolean;
  /** the row's Sign out button (none for this session) */
  getEndProps: () => ReturnType<typeof buttonProps> & { 'aria-busy': true | undefined };
}

/**
 * "Where you're signed in" on the security page (issue 31 §2) for its view: the list with this
 * session marked and a Sign out for each other, Sign out of all other devices, the read's
 * failure with a retry, and the answer to an end (it takes the focus once per answer).
 */
export function connectActiveSessions(s: Snapshot, send: Send) {
  const { sessions, ending, error, answers } = s.context;
  const busy = s.matches('ending') || s.matches('endingOthers');
  const items: SessionItem[] = sessions.map((session) => ({
    ref: session.ref,
    device: session.device ? msg('', session.device) : msg('sessions.unknown_device'),
    ip: session.ip,
    signedInAt: formatDateTime(session.signedInAt),
    lastSeenAt: formatDateTime(session.lastSeenAt),
    current: session.current,
    ending: ending === session.ref || (ending === 'others' && !session.current),
    getEndProps: () => ({ ...buttonProps(() => send({ type: 'sessions.end', ref: session.ref }), { disabled: busy }), 'aria-busy': (ending === session.ref) || undefined }),
  }));
  const others = sessions.some((session) => !session.current);
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    items,
    /** only this session is left */
    alone: s.matches('ready') && !others,
    error,
    /** the last end worked: said politely */
    ended: s.matches({ ready: 'ended' }),
    retry: () => send({ type: 'retry' }),
    getRegionProps: () => ({ ...regionProps('sessions-title'), 'aria-busy': busy || s.matches('loading') || undefined }),
    getTitleProps: () => titleProps('sessions-title'),
    getEndOthersProps: () => ({ ...buttonProps(() => send({ type: 'sessions.endOthers' }), { disabled: busy || !others }), 'aria-busy': (ending === 'others') || undefined }),
    /** the answer to an end: a failure at once, a success politely; focused once per answer */
    getAnswerProps: () => statusProps({ role: error ? 'alert' : 'status', focusOn: answers > 0 ? `sessions-${answers}` : null }),
  };
}

export type ActiveSessionsApi = ReturnType<typeof connectActiveSessions>;
