import { holdDeposit, releaseHold } from '../protection/deposit-limits';
import { createHash } from 'node:crypto';
import type { Settings, VloadRequest, VloadResponse } from '../../../core/contract';
import { formatMoney, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import '../../db/schema-bank-vouchers';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/values';
import type { RateSource, VoucherProvider } from '../ports';
import { Refusal } from '../refusal';
import { isDemoEmail } from '../users';
import { creditDeposit } from './credit';

/** Vload amounts are floored at 250 (spec 001 §9): a voucher worth less is refused before it is redeemed. */
export const VLOAD_FLOOR = '250';

export interface VoucherDeps {
  db: Db;
  settings: Settings;
  siteHost: string;
  provider: VoucherProvider | null;
  /** prices, to weigh a deposit in another currency against the trader's deposit limits */
  rates?: RateSource;
}

const pinHash = (pin: string): string => createHash('sha256').update(`vload-pin:${pin}`).digest('hex');
const usedRefusal = () => new Refusal(409, 'vload.used', 'This voucher has already been used.');

/** The trader's partner is in no_vload (spec 001 §6: Vload hidden by settings): the server refuses as the page hides it. */
export function vloadHiddenFor(affsId: string, settings: Settings): boolean {
  return affsId !== '' && settings.no_vload.includes(affsId);
}

/**
 * POST /api/card/fast/vload: redeems a voucher pin and credits its value once. Refused: a demo
 * account (403 vload.demo), a partner with Vload hidden (403 vload.hidden), a malformed or unknown
 * pin (400 vload.invalid), a used voucher (409 vload.used), a voucher below 250 (400 vload.min),
 * another currency (409 vload.currency). The pin is never stored: its SHA-256 is the key.
 */
export async function redeemVoucher(deps: VoucherDeps, userId: number, req: VloadRequest): Promise<VloadResponse> {
  const { db, settings } = deps;
  const user = await db.selectFrom('users').select(['email', 'affs_id', 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (isDemoEmail(user.email, deps.siteHost)) throw new Refusal(403, 'vload.demo', 'This is a DEMO account: voucher deposits are not available on it.');
  if (vloadHiddenFor(user.affs_id, settings)) throw new Refusal(403, 'vload.hidden', 'Vload vouchers are not available for your account. Please choose another method.');
  if (!deps.provider) throw new Refusal(409, 'vload.unavailable', 'Vload vouchers are not available right now. Please choose another method.');
  const pin = req.amount.replace(/[\s-]+/g, '');
  if (!/^\d{16}$/.test(pin)) throw new Refusal(400, 'vload.pin', 'Enter the 16 digits of the voucher pin.');
  if (user.current_account_id === null) throw new Refusal(409, 'vload.no_account', 'Choose an account to fund first.');
  const account = await db.selectFrom('accounts').select(['id', 'currency']).where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const hash = pinHash(pin);
  if (await db.selectFrom('vload_vouchers').select('pin_sha256').where('pin_sha256', '=', hash).executeTakeFirst()) throw usedRefusal();

  const looked = await deps.provider.lookup(pin, account.currency);
  if (looked.kind === 'invalid') throw new Refusal(400, 'vload.invalid', 'This voucher pin is not valid. Check the 16 digits on the voucher.');
  if (looked.kind === 'used') throw usedRefusal();
  if (looked.currency !== account.currency) throw new Refusal(409, 'vload.currency', `This voucher is in ${looked.currency}; the account is in ${account.currency}.`);
  if (looked.amountMinor < parseMoney(VLOAD_FLOOR, account.currency)) throw new Refusal(400, 'vload.min', `Vload vouchers start at ${VLOAD_FLOOR} ${account.currency}: this one is worth ${formatMoney(looked.amountMinor, account.currency)}.`);

  // the trader's own deposit limits weigh the voucher's value before it is redeemed
  const hold = { source: 'voucher', ref: hash } as const;
  await db.transaction().execute((trx) => holdDeposit(trx, deps.rates, { userId, ...hold, amountMinor: looked.amountMinor, currency: account.currency, now: new Date() }));
  let redeemed;
  try {
    redeemed = await deps.provider.redeem(pin, looked.voucherId);
  } catch (error) {
    await releaseHold(db, hold.source, hold.ref, new Date());
    throw error;
  }
  if (redeemed.kind !== 'redeemed') await releaseHold(db, hold.source, hold.ref, new Date());
  if (redeemed.kind === 'used') throw usedRefusal();
  if (redeemed.kind === 'invalid') throw new Refusal(400, 'vload.invalid', 'This voucher pin is not valid. Check the 16 digits on the voucher.');

  try {
    await db.transaction().execute(async (trx) => {
      const tx = await creditDeposit(trx, {
        idempotencyKey: `vload:${hash}`,
        userId,
        accountId: account.id,
        amountMinor: looked.amountMinor,
        currency: account.currency,
        method: 'vload',
        meta: { voucher: looked.voucherId, last4: pin.slice(-4) },
        // no bonus on a voucher: its value is the voucher's, not an amount the trader chose, and it is
        // known only once the pin is redeemed, so no page could show the exact bonus before paying
        bonus: false,
        hold,
      });
      if (tx.replayed) throw usedRefusal();
      await trx
        .insertInto('vload_vouchers')
        .values({ pin_sha256: hash, pin_last4: pin.slice(-4), user_id: userId, account_id: account.id, voucher_id: looked.voucherId, amount_minor: looked.amountMinor, currency: account.currency, credit_tx_id: tx.txId })
        .execute();
    });
  } catch (error) {
    // a parallel redemption of the same pin committed first: this one moved nothing (its hold is the winner's,
    // credited already; a hold still held here means nothing was credited, and it stops counting)
    await releaseHold(db, hold.source, hold.ref, new Date());
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw usedRefusal();
    throw error;
  }
  return { return: true, status: 'su', amount: formatMoney(looked.amountMinor, account.currency), currency: account.currency, voucher: pin.slice(-4) };
}
