import { holdDeposit, releaseHold } from '../protection/deposit-limits';
import { randomUUID } from 'node:crypto';
import type { Settings } from '../../../core/contract';
import type { MethodDepositView } from '../../../core/contract/methods';
import { hiddenInCountry, METHOD_NAMES, type MethodId } from '../../../core/methods';
import { formatMoney, InvalidAmount, isCurrency, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import type { MethodDepositRow } from '../../db/schema-methods';
import { toBigInt } from '../../db/values';
import { isFixedCountry, minDepositOf } from '../payments/fraud-check';
import { checkPromo } from '../promo/codes';
import type { MethodStartAnswer, PaymentMethodGateway, RateSource } from '../ports';
import { Refusal } from '../refusal';
import { isDemoEmail } from '../users';
import type { MethodConfig } from './config';
import { settle } from './settle';
import type { ReversalDeps } from '../payments/reversals';

/** The largest deposit one method deposit takes. */
export const MAX_METHOD_DEPOSIT = '100000';

export interface MethodEvents {
  methodUpdated(userId: number, id: string, status: string): void;
  userUpdated(userId: number): void;
}

export interface MethodDeps {
  db: Db;
  gateway: PaymentMethodGateway;
  config: MethodConfig;
  settings: Settings;
  siteHost: string;
  events: MethodEvents;
  now?: () => Date;
  /** prices, to weigh a deposit in another currency against the trader's deposit limits */
  rates?: RateSource;
  /** a provider's refund and dispute events (issue 32 §2); none: those webhooks are refused */
  reversals?: ReversalDeps;
}

export interface StartInput {
  userId: number;
  method: MethodId;
  amount: string;
  currency?: string;
  fixed: boolean;
  bonus: boolean;
  promo: string;
  lang: string;
  /** Neteller */
  account?: string;
  secureId?: string;
}

export interface Started {
  deposit: MethodDepositRow;
  redirectUrl?: string;
}

/**
 * Starts a method deposit: the trader's rules (not a demo account, the method not hidden for the
 * country (its record's `hiddenIn`), the account's currency, the minimum deposit), the pending row, then the provider.
 * A direct debit the provider approves at once is booked here (the same settle as a webhook);
 * a decline marks the deposit failed and is answered as 402 with the provider's text.
 */
export async function startDeposit(deps: MethodDeps, input: StartInput): Promise<Started> {
  const { db } = deps;
  const provider = deps.gateway.providerOf(input.method);
  if (!deps.config.secrets[provider]) throw new Refusal(503, 'method.unavailable', `${METHOD_NAMES[input.method]} deposits are not available right now.`);
  // every column the minimum's mdps groups read (server/domain/deposits/minimum.ts)
  const user = await db.selectFrom('users').select(['id', 'email', 'md', 'mdps', 'country', 'affs_id', 'comments', 'current_account_id']).where('id', '=', input.userId).executeTakeFirstOrThrow();
  if (isDemoEmail(user.email, deps.siteHost)) throw new Refusal(403, 'method.demo', 'This is a DEMO account: deposits are not available on it.');
  if (hiddenInCountry(input.method, user.country)) {
    throw new Refusal(403, 'method.country', `${METHOD_NAMES[input.method]} is not available in your country. Please choose another method.`);
  }
  const accounts = await db.selectFrom('accounts').select(['id', 'currency', 'type']).where('user_id', '=', user.id).orderBy('id').execute();
  const account = accounts.find((a) => a.id === user.current_account_id) ?? accounts.find((a) => a.type === 'trading');
  if (!account || !isCurrency(account.currency)) throw new Refusal(400, 'method.no_account', 'You have no account to deposit into.');
  if (account.type === 'demo') throw new Refusal(403, 'method.demo', 'This is a DEMO account: deposits are not available on it.');
  if (input.currency !== undefined && input.currency !== account.currency) {
    throw new Refusal(400, 'method.currency', `Your account is in ${account.currency}: enter the amount in ${account.currency}.`);
  }
  let amountMinor: bigint;
  try {
    amountMinor = parseMoney(input.amount, account.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new Refusal(400, 'method.amount', 'Wrong amount!');
    throw error;
  }
  const min = minDepositOf(user, deps.settings);
  if (amountMinor < parseMoney(min, account.currency)) throw new Refusal(400, 'method.min_deposit', `Min deposit ${min}`);
  if (amountMinor > parseMoney(MAX_METHOD_DEPOSIT, account.currency)) throw new Refusal(400, 'method.max_deposit', `The largest deposit is ${MAX_METHOD_DEPOSIT}.`);
  // the bonus as the funding page offers it: opted in, not fixed, not a fixed-amount country (US/CA)
  const bonus = input.bonus && !input.fixed && !isFixedCountry(user.country);
  // a promo code goes with the bonus: checked before anything starts (the page showed what it adds)
  const promo = bonus ? input.promo.trim() : '';
  if (promo !== '') await checkPromo(db, user.id, promo, account.currency, deps.now?.() ?? new Date());

  // the row and its hold toward the trader's deposit limits together, before the provider is tried
  const now = deps.now?.() ?? new Date();
  const deposit = await db.transaction().execute(async (trx) => {
    const row = await trx
    .insertInto('method_deposits')
    .values({
      id: randomUUID(),
      user_id: user.id,
      account_id: account.id,
      method: input.method,
      provider,
      amount_minor: amountMinor,
      currency: account.currency,
      fixed: input.fixed,
      bonus,
      promo,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
    await holdDeposit(trx, deps.rates, { userId: user.id, source: 'method', ref: row.id, amountMinor, currency: account.currency, now });
    return row;
  });

  let answer: MethodStartAnswer;
  try {
    answer = await deps.gateway.start(provider, {
      depositId: deposit.id,
      method: input.method,
      amountMinor,
      currency: account.currency,
      lang: input.lang,
      ...(input.account !== undefined && { account: input.account }),
      ...(input.secureId !== undefined && { secureId: input.secureId }),
    });
  } catch {
    await markFailed(deps, deposit, 'provider unavailable');
    throw new Refusal(502, 'method.provider_error', `${METHOD_NAMES[input.method]} did not answer. Nothing was charged; please try again.`);
  }
  switch (answer.kind) {
    case 'redirect':
      return { deposit, redirectUrl: answer.url };
    case 'instructions':
      return { deposit };
    case 'declined':
      await markFailed(deps, deposit, `${answer.code}: ${answer.message}`.slice(0, 300));
      throw new Refusal(402, 'method.declined', answer.message);
    case 'paid': {
      const outcome = await db.transaction().execute((trx) =>
        settle(trx, deposit.id, { providerTxId: answer.providerTxId, amountMinor: answer.amountMinor, currency: answer.currency }, { settings: deps.settings }),
      );
      announce(deps, outcome.deposit, outcome.credited);
      if (outcome.kind === 'mismatch') throw new Refusal(409, 'method.mismatch', 'The provider confirmed a different amount. The deposit is held for review; nothing was credited.');
      return { deposit: outcome.deposit };
    }
  }
}

async function markFailed(deps: MethodDeps, deposit: MethodDepositRow, reason: string): Promise<void> {
  const now = new Date();
  await deps.db.updateTable('method_deposits').set({ status: 'failed', reason, updated_at: now }).where('id', '=', deposit.id).where('status', '=', 'pending').execute();
  await releaseHold(deps.db, 'method', deposit.id, now);
  deps.events.methodUpdated(deposit.user_id, deposit.id, 'failed');
}

/** Tells the trader's tabs the deposit moved (and the balance, when it was credited). */
export function announce(deps: Pick<MethodDeps, 'events'>, deposit: MethodDepositRow, credited: boolean): void {
  deps.events.methodUpdated(deposit.user_id, deposit.id, deposit.status);
  if (credited) deps.events.userUpdated(deposit.user_id);
}

/** The owner's deposit, or undefined (another trader's deposit is as missing as none). */
export function findDeposit(db: Db, userId: number, id: string): Promise<MethodDepositRow | undefined> {
  return db.selectFrom('method_deposits').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function depositView(row: MethodDepositRow): MethodDepositView {
  return {
    id: row.id,
    method: row.method as MethodId,
    amount: formatMoney(toBigInt(row.amount_minor), row.currency),
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}
