import { createHash } from 'node:crypto';
import { parseMoney } from '../../../core/money';
import type { VoucherAnswer, VoucherProvider } from '../../domain/ports';

/**
 * The sandbox Vload provider (docs/sandbox.md, "Vload vouchers"). Pins are 16 digits:
 * - 1250 then any 12 digits: a valid voucher of 250.00 in the account currency;
 * - 1500 then any 12 digits: a valid voucher of 500.00;
 * - 1100 then any 12 digits: a valid voucher of 100.00 (below the 250 floor: refused);
 * - 9999 0000 0000 0000: a voucher already used;
 * - anything else: an invalid pin.
 * Every valid pin is a different voucher, so tests never share one; our server keeps each
 * redeemed pin's hash, so the same pin never credits twice.
 */
export const SANDBOX_VOUCHERS = {
  valid250: '1250000000000001',
  valid500: '1500000000000001',
  below: '1100000000000001',
  used: '9999000000000000',
  invalid: '1234123412341234',
} as const;

const VALUES: Record<string, string> = { '1250': '250', '1500': '500', '1100': '100' };

export function sandboxVouchers(): VoucherProvider {
  return {
    sandbox: true,
    async lookup(pin: string, currency: string): Promise<VoucherAnswer> {
      if (!/^\d{16}$/.test(pin)) return { kind: 'invalid' };
      if (pin === SANDBOX_VOUCHERS.used) return { kind: 'used' };
      const value = VALUES[pin.slice(0, 4)];
      if (value === undefined) return { kind: 'invalid' };
      const voucherId = `vl_${createHash('sha256').update(`sandbox-voucher:${pin}`).digest('hex').slice(0, 20)}`;
      return { kind: 'valid', voucherId, amountMinor: parseMoney(value, currency), currency };
    },
    // the sandbox keeps no state: our server's table of redeemed pins is what makes a voucher used
    async redeem(pin: string) {
      if (pin === SANDBOX_VOUCHERS.used) return { kind: 'used' as const };
      return /^\d{16}$/.test(pin) && VALUES[pin.slice(0, 4)] !== undefined ? { kind: 'redeemed' as const } : { kind: 'invalid' as const };
    },
  };
}
