import { createActor, fromPromise } from 'xstate';
import { balanceSyncMachine } from '../../../machines/balance-sync/balance-sync.machine';
import { postPlatformBalance } from '../../api/trading-history';
import { sessionActor } from './app.flow';
import { inspect } from '../shared/inspector';

const DECIMAL = /^-?\d{1,18}(\.\d{1,18})?$/;

export const balanceSyncFlow = balanceSyncMachine.provide({
  actors: {
    postBalance: fromPromise(async ({ input }) => {
      const answer = await postPlatformBalance(input.balance, input.all);
      return { booked: answer.booked };
    }),
  },
  actions: {
    broadcastUserUpdate: () => sessionActor.send({ type: 'user.update' }),
  },
});

let actor: ReturnType<typeof createActor<typeof balanceSyncFlow>> | null = null;

/** One balance sync per page (its minute survives leaving and reopening the platform view). */
export function balanceSyncActor() {
  if (!actor) {
    actor = createActor(balanceSyncFlow, { inspect });
    actor.start();
  }
  return actor;
}

/** The embedded platform's `platform.balance` message (same origin only) → the balance sync. */
export function platformBalanceSeen(data: { available?: unknown; all?: unknown }): void {
  const balance = String(data.available ?? '');
  const all = String(data.all ?? data.available ?? '');
  if (!DECIMAL.test(balance) || !DECIMAL.test(all)) return;
  balanceSyncActor().send({ type: 'balance.seen', balance, all });
}
