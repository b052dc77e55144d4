import type { Db } from '../../db';
import type { DbOrTx } from '../../domain/ledger';

/**
 * The sandbox's promo codes (docs/sandbox.md "Promo codes"): two usable percent codes, a fixed
 * value code, and one code for each refusal a tester wants to see. Idempotent: a code that
 * exists is left as it is (the console may have changed it).
 */
export const SANDBOX_PROMO_CODES = [
  { code: 'SANDBOX1', kind: 'percent', percent_units: 10_000n, value_minor: 0n, currency: null, valid_from: new Date('2024-01-01T00:00:00Z'), valid_until: null, max_uses: null, uses: 0 },
  { code: 'SANDBOX2', kind: 'percent', percent_units: 20_000n, value_minor: 0n, currency: null, valid_from: new Date('2024-01-01T00:00:00Z'), valid_until: null, max_uses: null, uses: 0 },
  { code: 'SANDBOX10USD', kind: 'value', percent_units: 0n, value_minor: 1000n, currency: 'USD', valid_from: new Date('2024-01-01T00:00:00Z'), valid_until: null, max_uses: null, uses: 0 },
  { code: 'EXPIRED2025', kind: 'percent', percent_units: 10_000n, value_minor: 0n, currency: null, valid_from: new Date('2024-01-01T00:00:00Z'), valid_until: new Date('2025-01-01T00:00:00Z'), max_uses: null, uses: 0 },
  { code: 'USEDUP', kind: 'percent', percent_units: 10_000n, value_minor: 0n, currency: null, valid_from: new Date('2024-01-01T00:00:00Z'), valid_until: null, max_uses: 1, uses: 1 },
  { code: 'FUTURE2099', kind: 'percent', percent_units: 10_000n, value_minor: 0n, currency: null, valid_from: new Date('2099-01-01T00:00:00Z'), valid_until: null, max_uses: null, uses: 0 },
  { code: 'EURONLY', kind: 'percent', percent_units: 5_000n, value_minor: 0n, currency: 'EUR', valid_from: new Date('2024-01-01T00:00:00Z'), valid_until: null, max_uses: null, uses: 0 },
] as const;

export async function seedPromoCodes(db: Db | DbOrTx): Promise<void> {
  for (const code of SANDBOX_PROMO_CODES) {
    await db
      .insertInto('promo_codes')
      .values({ ...code })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}
