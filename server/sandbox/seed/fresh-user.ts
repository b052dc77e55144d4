import { randomBytes } from 'node:crypto';
import type { FreshUserRequest } from '../../../core/contract';
import { InvalidAmount, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import { houseAccount, transfer } from '../../domain/ledger';
import { hashPassword } from '../../domain/passwords';
import type { PlatformGateway } from '../../domain/ports';
import { ensureSecurityRow } from '../../domain/security/factors';
import { recordAcceptance } from '../../domain/legal/legal';
import { currentVersions, LEGAL_DOCUMENTS, LEGAL_VERSIONS, type LegalDocumentId } from '../../../core/legal/versions';
import { Refusal } from '../../domain/refusal';
import { recordSandboxAppropriateness } from './appropriateness';

/** `version` of every document, but never above its current one (`legal_version: 0`: older than every published version) */
const olderVersions = (version: number): Record<LegalDocumentId, number> =>
  Object.fromEntries(LEGAL_DOCUMENTS.map((doc) => [doc, Math.min(version, LEGAL_VERSIONS[doc].version)])) as Record<LegalDocumentId, number>;

/**
 * POST /api/sandbox/fresh-user: a new user with the balances a test needs, a platform account
 * with the same email and password, the opening deposits through the ledger (the first trading
 * account in the platform's currency mirrored). Amounts are checked before anything is written
 * (a Refusal).
 */
export async function createFreshUser(
  db: Db,
  platform: PlatformGateway,
  body: FreshUserRequest,
): Promise<{ email: string; password: string; currency: string; userId: number }> {
  const email = `trader-${randomBytes(6).toString('hex')}@sandbox.example.com`;
  const password = `Sandbox-${randomBytes(4).toString('hex')}1`;
  const currency = body.currency ?? 'USD';
  const balances = body.balances ?? [{ currency, type: 'trading' as const, amount: '1000.00' }];
  // amounts are checked before anything is written
  const money = (amount: string, of: string): bigint => {
    try {
      return parseMoney(amount, of);
    } catch (error) {
      if (error instanceof InvalidAmount) throw new Refusal(400, error.key, error.message);
      throw error;
    }
  };
  const funded = balances.map((b) => ({ ...b, minor: money(b.amount, b.currency) }));
  // one trading and one exchange account per currency (accounts_one_per_user_currency_type)
  const kinds = new Set(funded.map((b) => `${b.type} ${b.currency}`));
  if (kinds.size < funded.length) throw new Refusal(400, 'sandbox.duplicate_balance', 'Each balance must be of a different currency or type.');
  const turnoverCurrency = funded[0]?.currency ?? currency;
  const turnover = body.turnover && { current: money(body.turnover.current, turnoverCurrency), need: money(body.turnover.need, turnoverCurrency) };
  // the platform account first: the outbox may deliver the opening deposits as soon as they commit
  await platform.createAccount({ login: email, password, currency });
  const userId = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email,
        password_hash: await hashPassword(password),
        first_name: 'Sandbox',
        last_name: 'Trader',
        country: body.country ?? 'DE',
        currency,
        verification: body.verification ?? 'Full',
        wd_methods: body.wd_methods ?? '',
        two_factor: body.two_factor ?? '',
        cascade: body.cascade ?? '',
        can_upload: body.can_upload ?? false,
        fill_card: body.fill_card ?? '',
        card_risk: body.card_risk ?? false,
        sign: body.sign ?? false,
        last_count: body.last_count ?? 0,
        current_account_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let first: number | null = null;
    let mirrored = false;
    for (const [i, b] of funded.entries()) {
      // the first trading account in the platform account's currency is mirrored to it
      const onPlatform: boolean = !mirrored && b.type === 'trading' && b.currency === currency;
      mirrored ||= onPlatform;
      const account = await trx
        .insertInto('accounts')
        .values({ user_id: user.id, currency: b.currency, type: b.type, account_group: b.type === 'exchange' ? 'exchange' : 'standard', platform_login: onPlatform ? email : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      first ??= account.id;
      if (b.minor > 0n) {
        await transfer(trx, {
          kind: 'deposit',
          idempotencyKey: `sandbox:fresh:${user.id}:${i}`,
          debitAccountId: await houseAccount(trx, b.currency),
          creditAccountId: account.id,
          amountMinor: b.minor,
          currency: b.currency,
          meta: { source: 'sandbox fresh user' },
        });
      }
    }
    if (first !== null) {
      await trx.updateTable('users').set({ current_account_id: first }).where('id', '=', user.id).execute();
      if (turnover) await trx.insertInto('account_turnover').values({ account_id: first, current_minor: turnover.current, need_minor: turnover.need }).execute();
    }
    await ensureSecurityRow(trx, user.id);
    // accepted the legal documents' current versions (core/legal/versions.ts), or an older version when the test asks (asked again at sign-in)
    await recordAcceptance(trx, user.id, body.legal_version === undefined ? currentVersions() : olderVersions(body.legal_version), { lang: 'en', source: 'sandbox', now: new Date() });
    // a real-money trader has passed the appropriateness questionnaire unless the test asks otherwise
    await recordSandboxAppropriateness(trx, user.id, body.appropriateness ?? 'passed');
    return user.id;
  });
  return { email, password, currency, userId };
}
