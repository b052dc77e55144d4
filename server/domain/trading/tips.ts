import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import type { PlatformGateway } from '../ports';
import { requireFreeOnPlatform } from '../platform-mirror/free-funds';
import { houseAccount, IdempotencyConflict, InsufficientFunds, transfer } from '../ledger';
import { exponentOf, formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import { Refusal } from '../refusal';
import { isDemoEmail } from '../users';

/** a tip above this needs the trader's confirmation of the exact amount (spec 000 §5, README rule 5) */
export const TIP_CONFIRM_ABOVE = '40';
/** the largest tip, in units of the account currency */
export const TIP_MAX_UNITS = 500n;

/** Whether `confirm` names exactly `amount` ("41", "41.0" and "41.00" all confirm 41.00). */
function confirmsExactly(confirm: string | undefined, amount: bigint, currency: string): boolean {
  if (confirm === undefined) return false;
  try {
    return parseMoney(confirm, currency) === amount;
  } catch (error) {
    if (error instanceof InvalidAmount) return false;
    throw error;
  }
}

export interface ChatHost {
  id: string;
  name: string;
}

/**
 * A tip to the chat host (POST /api/triggers/tips): taken from the trader's current account
 * through the ledger, once per idempotency key. Demo money cannot be tipped. A tip over
 * TIP_CONFIRM_ABOVE needs `confirm` equal to its amount (409 tips.confirm otherwise).
 */
export async function sendTip(
  db: Db,
  userId: number,
  input: { value: string; host: string; key: string; confirm?: string },
  options: { hosts: readonly ChatHost[]; siteHost: string; platform?: PlatformGateway },
): Promise<{ amount: string; currency: string; message: string }> {
  const host = options.hosts.find((h) => h.id === input.host);
  if (!host) throw new Refusal(400, 'tips.host', 'This host cannot receive tips.');
  const user = await db.selectFrom('users').select(['email', 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (isDemoEmail(user.email, options.siteHost)) throw new Refusal(403, 'tips.demo', 'Tips cannot be sent from a demo account.');
  const account = user.current_account_id
    ? await db.selectFrom('accounts').select(['id', 'currency', 'type', 'balance_minor']).where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirst()
    : undefined;
  if (!account || account.type === 'demo') throw new Refusal(409, 'tips.account', 'Choose a trading account to send a tip from.');
  let amount: bigint;
  try {
    amount = parseMoney(input.value, account.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new Refusal(400, 'tips.amount', 'Enter the tip as a number, for example 5 or 12.50.');
    throw error;
  }
  const max = TIP_MAX_UNITS * 10n ** BigInt(exponentOf(account.currency));
  if (amount <= 0n) throw new Refusal(400, 'tips.amount', 'Enter the tip as a number, for example 5 or 12.50.');
  if (amount > max) throw new Refusal(400, 'tips.too_much', `A tip can be at most ${formatMoney(max, account.currency)} ${account.currency}.`);
  // over 40 the trader confirms the exact amount, and the server checks that they did
  const confirmAbove = parseMoney(TIP_CONFIRM_ABOVE, account.currency);
  if (amount > confirmAbove && !confirmsExactly(input.confirm, amount, account.currency)) {
    const shown = formatMoney(amount, account.currency);
    throw new Refusal(409, 'tips.confirm', `Please confirm the exact amount: ${shown} ${account.currency} will be deducted. A tip over ${TIP_CONFIRM_ABOVE} is sent only once you confirm it.`);
  }
  const idempotencyKey = `tip:${userId}:${input.key}`;
  const repeated = await db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  if (!repeated) {
    if (amount > toBigInt(account.balance_minor)) throw new Refusal(409, 'tips.funds', 'Your balance is too low for this tip.');
    // the stakes of open trades are in the balance but not free to leave
    await requireFreeOnPlatform(db, options.platform, account.id, amount, 'tip');
  }
  try {
    await transfer(db, {
      kind: 'tip',
      idempotencyKey,
      debitAccountId: account.id,
      creditAccountId: await houseAccount(db, account.currency),
      amountMinor: amount,
      currency: account.currency,
      meta: { host: host.id },
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new Refusal(409, 'tips.funds', 'Your balance is too low for this tip.');
    if (error instanceof IdempotencyConflict) throw new Refusal(409, 'tips.duplicate', 'This tip was already sent with a different amount.');
    throw error;
  }
  const shown = formatMoney(amount, account.currency);
  return { amount: shown, currency: account.currency, message: `Thank you! ${shown} ${account.currency} went to ${host.name}.` };
}
