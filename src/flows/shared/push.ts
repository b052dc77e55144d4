import { onServerEvent } from '../../api/events';
import { sessionActor } from '../shell/app.flow';

/**
 * While the trader is signed in, server events reach the flows: `user.updated` reloads the
 * current user (balances). Areas subscribe to their own event types with onServerEvent.
 */
export function startPush(): () => void {
  let stop: (() => void) | null = null;
  const sub = sessionActor.subscribe((s) => {
    const signedIn = s.matches('signedIn');
    if (signedIn && !stop) {
      stop = onServerEvent((event) => {
        // a support ticket's news changes the header's unread count
        if (event.type === 'user.updated' || event.type === 'ticket.updated') sessionActor.send({ type: 'user.update' });
      });
    } else if (!signedIn && stop) {
      stop();
      stop = null;
    }
  });
  return () => {
    sub.unsubscribe();
    stop?.();
  };
}
