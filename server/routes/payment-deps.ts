import { announceDeposit } from './deposit-push';
import type { PaymentDeps } from '../domain/payments';
import type { RouteDeps } from './deps';
import { currentRequestLog } from '../http/logging';

/**
 * What the card payments domain needs, for every route that charges a card (the card tabs and
 * the quick top-up): the processors port (server/compose.ts: the sandbox processors in sandbox
 * mode, else none, where every processor declines softly); its updates pushed to the trader.
 */
export function paymentDeps({ db, config, settings, push, metrics, ports }: RouteDeps): PaymentDeps {
  return {
    db,
    settings,
    siteHost: config.siteHost,
    gateway: ports.processors,
    rates: ports.rates,
    events: {
      paymentUpdated: (userId, id, status) => push.publish(userId, { type: 'payment.updated', id, status }),
      // sent with the transaction that moved the attempt (PostgreSQL NOTIFY at COMMIT)
      paymentUpdatedIn: (trx, userId, id, status) => push.publishIn(trx, userId, { type: 'payment.updated', id, status }),
      // the depositor's (and a referrer's) balance and bell follow
      userUpdated: (userId) => announceDeposit(db, push, userId),
      // counted per processor on /metrics; logged with the request's id
      attemptSettled: (processor, outcome, payment) => {
        metrics?.cardOutcome(processor, outcome);
        currentRequestLog()?.info({ payment, processor, outcome }, 'card attempt settled');
      },
    },
  };
}
