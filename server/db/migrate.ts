import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/001_foundation';
import * as card from './migrations/010_card';
import * as cardHardening from './migrations/015_card_hardening';
import * as cardDayLimit from './migrations/016_card_day_limit';
import * as crypto from './migrations/020_crypto';
import * as security from './migrations/030_security';
import * as trading from './migrations/040_trading';
import * as register from './migrations/050_register';
import * as registerPromo from './migrations/051_register_promo';
import * as platformMirror from './migrations/060_platform_mirror';
import * as verification from './migrations/070_verification';
import * as documentSize from './migrations/071_document_size';
import * as bankVouchers from './migrations/082_bank_vouchers';
import * as promoBonus from './migrations/080_promo_bonus';
import * as methodDeposits from './migrations/081_method_deposits';
import * as passwordReset from './migrations/100_password_reset';
import * as support from './migrations/090_support';
import * as supportLengths from './migrations/091_support_lengths';
import * as complaints from './migrations/092_complaints';
import * as socialSignIn from './migrations/110_social_sign_in';
import * as notifications from './migrations/120_notifications';
import * as offers from './migrations/135_offers';
import * as referral from './migrations/140_referral';
import * as contests from './migrations/150_contests';
import * as riskFree from './migrations/160_risk_free';
import * as promotions from './migrations/130_promotions';
import * as iqMining from './migrations/170_iq_mining';
import * as once from './migrations/180_once';
import * as sandboxScripts from './migrations/190_sandbox_scripts';
import * as sandboxScriptPlatform from './migrations/191_sandbox_script_platform';
import * as sandboxShared from './migrations/200_sandbox_shared';
import * as bonusTurnover from './migrations/210_bonus_turnover';
import * as contestPrizeKinds from './migrations/220_contest_prize_kinds';
import * as traderLimits from './migrations/230_trader_limits';
import * as accountClosure from './migrations/231_account_closure';
import * as realityCheck from './migrations/232_reality_check';
import * as riskFigures from './migrations/233_risk_figures';
import * as selfExclusion from './migrations/234_self_exclusion';
import * as tradingLimits from './migrations/235_trading_limits';
import * as dataExport from './migrations/236_data_export';
import * as legalAcceptances from './migrations/238_legal_acceptances';
import * as appropriateness from './migrations/237_appropriateness';
import * as eligibility from './migrations/239_eligibility';
import * as sessionLimit from './migrations/240_session_limit';
import * as withdrawOnlySessions from './migrations/241_withdraw_only_sessions';
import * as personalPromoCodes from './migrations/242_personal_promo_codes';
import * as sessionDevices from './migrations/243_session_devices';
import * as signInHistory from './migrations/244_sign_in_history';
import * as addressBook from './migrations/246_withdrawal_address_book';
import * as recoveryCodes from './migrations/245_recovery_codes';
import * as passkeys from './migrations/247_passkeys';
import * as factorChangeSessions from './migrations/248_factor_change_sessions';
import * as paymentReversals from './migrations/250_payment_reversals';
import * as cryptoExceptions from './migrations/249_crypto_exceptions';
import * as processorHealth from './migrations/251_processor_health';
import * as accountDepositTotals from './migrations/252_account_deposit_totals';
import * as funnel from './migrations/260_funnel';
import * as liveShares from './migrations/261_live_shares';

/** Every migration, in order. Add new ones here (migrations are code, not files read at run time). */
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '010_card': card,
  '015_card_hardening': cardHardening,
  '016_card_day_limit': cardDayLimit,
  '020_crypto': crypto,
  '030_security': security,
  '040_trading': trading,
  '050_register': register,
  '051_register_promo': registerPromo,
  '060_platform_mirror': platformMirror,
  '070_verification': verification,
  '071_document_size': documentSize,
  '082_bank_vouchers': bankVouchers,
  '080_promo_bonus': promoBonus,
  '081_method_deposits': methodDeposits,
  '100_password_reset': passwordReset,
  '090_support': support,
  '091_support_lengths': supportLengths,
  '092_complaints': complaints,
  '110_social_sign_in': socialSignIn,
  '120_notifications': notifications,
  '135_offers': offers,
  '140_referral': referral,
  '150_contests': contests,
  '160_risk_free': riskFree,
  '130_promotions': promotions,
  '170_iq_mining': iqMining,
  '180_once': once,
  '190_sandbox_scripts': sandboxScripts,
  '191_sandbox_script_platform': sandboxScriptPlatform,
  '200_sandbox_shared': sandboxShared,
  '210_bonus_turnover': bonusTurnover,
  '220_contest_prize_kinds': contestPrizeKinds,
  '230_trader_limits': traderLimits,
  '231_account_closure': accountClosure,
  '232_reality_check': realityCheck,
  '233_risk_figures': riskFigures,
  '234_self_exclusion': selfExclusion,
  '235_trading_limits': tradingLimits,
  '236_data_export': dataExport,
  '238_legal_acceptances': legalAcceptances,
  '237_appropriateness': appropriateness,
  '239_eligibility': eligibility,
  '240_session_limit': sessionLimit,
  '241_withdraw_only_sessions': withdrawOnlySessions,
  '242_personal_promo_codes': personalPromoCodes,
  '243_session_devices': sessionDevices,
  '244_sign_in_history': signInHistory,
  '246_withdrawal_address_book': addressBook,
  '245_recovery_codes': recoveryCodes,
  '247_passkeys': passkeys,
  '248_factor_change_sessions': factorChangeSessions,
  '250_payment_reversals': paymentReversals,
  '249_crypto_exceptions': cryptoExceptions,
  '251_processor_health': processorHealth,
  '252_account_deposit_totals': accountDepositTotals,
  '260_funnel': funnel,
  '261_live_shares': liveShares,
};

/**
 * Brings the schema to the latest migration; throws when one fails. The migration tables
 * live in the connection's current schema, named explicitly: Kysely otherwise takes a
 * kysely_migration table in any schema of the database as its own (tests run many schemas).
 */
export async function migrate<DB>(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('Database migration failed: no current schema (check search_path)');
  // areas own number ranges (010-019 card, 020-029 crypto, …) and land in any order: a database
  // that already ran 020 must still take a later 010, so order is not enforced across areas
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${cause.message}`, { cause });
  }
}
