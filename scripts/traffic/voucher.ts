import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { VloadResponse } from '../../core/contract/deposits-offline';
import { voucherMachine } from '../../machines/voucher/voucher.machine';
import type { TraderClient } from './client';
import type { TrafficClock } from './clock';

/**
 * A Vload voucher (the funding page's Vload tab), run by the real voucher machine
 * (machines/voucher) provided as src/flows/funding/voucher.flow.ts provides it: the pin typed,
 * Deposit pressed, POST /api/card/fast/vload. Returns `redeemed`, or the refusal's key (the
 * machine's own check of the pin, or the server's: used, invalid, below the 250 floor).
 */
export function redeemVoucher(client: TraderClient, clock: TrafficClock, inspect: (event: InspectionEvent) => void, pin: string): Promise<string> {
  const logic = voucherMachine.provide({
    actors: {
      redeem: fromPromise(async ({ input }) => {
        const done = await client.call(VloadResponse, 'POST', '/api/card/fast/vload', { amount: input.pin, fixed: false, bonus: false, test: false });
        return { amount: done.amount, currency: done.currency, voucher: done.voucher };
      }),
    },
  });
  return new Promise((resolve) => {
    const actor = createActor(logic, { input: { demo: false }, clock, inspect });
    let sent = false;
    const settle = (result: string) => {
      subscription.unsubscribe();
      actor.stop();
      resolve(result);
    };
    const subscription = actor.subscribe((snapshot) => {
      if (!sent) return;
      if (snapshot.matches('redeemed')) settle('redeemed');
      else if (snapshot.matches('editing') && snapshot.context.error) settle(snapshot.context.error.key);
      else if (snapshot.status !== 'active') settle(`voucher machine ${snapshot.status}`);
    });
    actor.start();
    actor.send({ type: 'pin.change', value: pin });
    sent = true;
    actor.send({ type: 'voucher.submit' });
  });
}
