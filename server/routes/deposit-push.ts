import type { Db } from '../db';
import type { PushHub } from '../push/hub';
import { referrerOf } from '../domain/referral/referral';

/**
 * After a deposit's transaction committed: the depositor's balance and bell follow (user.updated,
 * notification.new), and so do the referrer's when the depositor was referred (the
 * commission of a first deposit is in the referrer's referral balance and bell). One place for
 * every deposit path (card, crypto, wallets, Vload, bank).
 */
export function announceDeposit(db: Db, push: PushHub, userId: number): void {
  push.publish(userId, { type: 'user.updated' });
  push.publish(userId, { type: 'notification.new' });
  referrerOf(db, userId).then(
    (referrer) => {
      if (referrer === null) return;
      push.publish(referrer, { type: 'user.updated' });
      push.publish(referrer, { type: 'notification.new' });
    },
    // push is a speed-up: the referrer's bell reads the stored notification on its next load
    () => {},
  );
}
