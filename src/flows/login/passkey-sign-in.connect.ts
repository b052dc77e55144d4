import type { EventFrom, SnapshotFrom } from 'xstate';
import type { passkeySignInMachine } from '../../../machines/passkeys/sign-in.machine';
import { buttonProps, statusProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof passkeySignInMachine>;
type Send = (event: EventFrom<typeof passkeySignInMachine>) => void;

/** "Sign in with a passkey": the button (resting while the browser asks and the page leaves) and why the last try failed (it takes the focus once). */
export function connectPasskeySignIn(s: Snapshot, send: Send) {
  const busy = s.matches('signingIn') || s.matches('leaving');
  return {
    busy,
    error: s.matches('failed') ? s.context.error : null,
    getButtonProps: () => ({ ...buttonProps(() => send({ type: 'passkey.start' }), { disabled: busy }), 'aria-busy': busy || undefined }),
    getErrorProps: () => statusProps({ role: 'alert', focusOn: s.matches('failed') ? `passkey-${s.context.tries}` : null }),
  };
}
