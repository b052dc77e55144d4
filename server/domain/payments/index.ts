/**
 * Card payments, by step: the fraud check creates the payment (fraud-check.ts); attempts start,
 * listen and complete with a processor under the in-flight rules (attempts.ts); a processor's
 * answer is recorded and an approval credited through the ledger (answers.ts); an approval of a
 * payment already paid is voided (voids.ts); the rows a trader may read (records.ts).
 */
export { completeAttempt, listenAttempt, listenPolled, rejectEntropay, startAttempt, zoomSession, zoomToken } from './attempts';
export type { PaymentDeps, PaymentEvents } from './deps';
export { DAILY_CARD_LIMIT, dailyCardLimitOf, FAIL_LIMIT, FAIL_WINDOW_MS, fraudCheck, isFixedCountry, MAX_CARD_DEPOSIT, minDepositInto, minDepositOf } from './fraud-check';
export { attemptOf, cardsToday, ownAttempt, paymentView, scriptNext } from './records';
