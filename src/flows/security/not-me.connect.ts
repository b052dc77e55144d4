import type { ActorRefFrom, EventFrom, SnapshotFrom } from 'xstate';
import type { notMeMachine } from '../../../machines/not-me/not-me.machine';
import { buttonProps, statusProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof notMeMachine>;
type Send = (event: EventFrom<typeof notMeMachine>) => void;
export type NotMeRef = ActorRefFrom<typeof notMeMachine>;

/**
 * "This wasn't me" (issue 31 §3) for its views (the email link's page, the history's dialog):
 * the question, Confirm (busy while it goes), Cancel, the failure (it takes the focus) and the
 * answer once every session has ended.
 */
export function connectNotMe(s: Snapshot, send: Send) {
  const sending = s.matches('sending');
  const { error, result } = s.context;
  return {
    asking: s.matches('asking') || sending,
    sending,
    secured: s.matches('secured'),
    error,
    /** the server's answer: every session ended, and whether the reset link went out */
    result,
    getConfirmProps: () => ({ ...buttonProps(() => send({ type: 'notMe.confirm' }), { disabled: sending }), 'aria-busy': sending || undefined, 'data-autofocus': true }),
    cancel: () => send({ type: 'notMe.cancel' }),
    getCancelProps: () => buttonProps(() => send({ type: 'notMe.cancel' }), { disabled: sending }),
    getProblemProps: () => statusProps({ role: 'alert', focusOn: error ? 'not-me-error' : null }),
    getDoneProps: () => statusProps({ focusOn: result ? 'not-me-done' : null }),
  };
}

export type NotMeApi = ReturnType<typeof connectNotMe>;
