import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import { formatMoney, isCurrency } from '../../../core/money';

/**
 * What "download my data" gathers (issue 30 §9, docs/data-export.md): every table the product
 * keeps about a trader, section by section, each table with the columns it shows. Columns are
 * named, never `*`: a secret added to a table later (a hash, a token) is not exported by
 * accident. Left out on purpose: the password hash, the authenticator's secrets, session ids
 * (they are SHA-256 hashes of the cookie), codes' and tokens' hashes, card tokens and
 * fingerprints, the documents' files themselves.
 *
 * Every table with a `user_id` (or `…_user_id`) column is either read by a section below or
 * listed in NOT_EXPORTED with the reason: server/routes/data-export.test.ts fails
 * on a new one that is neither.
 */

type Row = Record<string, unknown>;
type Read = (db: Db, userId: number) => Promise<Row[]>;

interface Part {
  /** the table it reads (for the coverage test) */
  table: string;
  read: Read;
}

export interface Section {
  name: string;
  parts: Record<string, Part>;
}

const cols = (names: readonly string[]): RawBuilder<unknown> => sql.join(names.map((n) => sql.ref(n)));

/** `select <columns> from <table> where <owner> = userId order by <order>` */
const own =
  (table: string, columns: readonly string[], options: { owner?: string; order?: string } = {}): Part => ({
    table,
    read: async (db, userId) =>
      (
        await sql<Row>`select ${cols(columns)} from ${sql.table(table)} where ${sql.ref(options.owner ?? 'user_id')} = ${userId} order by ${sql.ref(options.order ?? columns[0]!)}`.execute(
          db,
        )
      ).rows,
  });

const custom = (table: string, read: Read): Part => ({ table, read });

/** A value as JSON can say it: bigints and int8 as strings, dates as ISO strings. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return undefined;
  return value;
}

export const plainRow = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)]));

/** a minor-unit amount also as the decimal the pages show */
const withAmount = (row: Row, minorKey: string, currencyKey = 'currency', as = 'amount'): Row => {
  const minor = row[minorKey];
  const currency = String(row[currencyKey] ?? '');
  if (minor === null || minor === undefined || !isCurrency(currency)) return row;
  return { ...row, [as]: formatMoney(BigInt(minor as string | bigint), currency) };
};

const USER_COLUMNS = [
  'id', 'email', 'first_name', 'last_name', 'country', 'currency', 'verification', 'two_factor', 'reg_time', 'current_account_id',
  'affs_id', 'comments', 'card_risk', 'cascade', 'md', 'mdps', 'sign', 'last_count', 'tr_attemps', 'tr_success', 'tr_validate',
  'wd_methods', 'can_upload', 'fill_card',
] as const;

/** The sections, in the order they are gathered (the job's progress counts them). */
export const SECTIONS: readonly Section[] = [
  {
    name: 'profile',
    parts: {
      user: own('users', USER_COLUMNS, { owner: 'id' }),
      profile: own('user_profiles', ['phone_prefix', 'phone', 'us_state', 'promo', 'lang', 'us_notice_at', 'created_at']),
      security: custom('user_security', async (db, userId) =>
        (
          await sql<Row>`select (totp_secret is not null) as authenticator_on, setup_type, factor_failures, factor_locked_until, password_failures, password_locked_until from user_security where user_id = ${userId}`.execute(db)
        ).rows,
      ),
      // when each recovery code was made, used or voided; never its hash
      recovery_codes: own('recovery_codes', ['created_at', 'used_at', 'voided_at'], { order: 'created_at' }),
      // the trader's passkeys: their names and dates; never a key or a credential id
      passkeys: own('passkeys', ['name', 'created_at', 'last_used_at'], { order: 'created_at' }),
      social_sign_in: own('social_links', ['issuer', 'email', 'created_at', 'last_used_at']),
      hosts: own('trader_hosts', ['host', 'recorded_at']),
      legal_acceptances: own('legal_acceptances', ['document', 'version', 'lang', 'source', 'accepted_at'], { order: 'accepted_at' }),
    },
  },
  {
    name: 'accounts',
    parts: {
      accounts: custom('accounts', async (db, userId) =>
        (await sql<Row>`select id, currency, account_group, type, balance_minor, platform_login, created_at from accounts where user_id = ${userId} order by id`.execute(db)).rows.map((r) =>
          withAmount(r, 'balance_minor', 'currency', 'balance'),
        ),
      ),
    },
  },
  {
    name: 'ledger',
    parts: {
      movements: custom('ledger_entries', async (db, userId) =>
        (
          await sql<Row>`select e.id, e.tx_id, e.account_id, e.amount_minor, e.currency, t.kind, t.created_at
            from ledger_entries e join ledger_transactions t on t.id = e.tx_id join accounts a on a.id = e.account_id
            where a.user_id = ${userId} order by e.id`.execute(db)
        ).rows.map((r) => withAmount(r, 'amount_minor')),
      ),
    },
  },
  {
    name: 'card_deposits',
    parts: {
      cards: own('cards', ['first6', 'last4', 'brand', 'exp_month', 'exp_year', 'holder', 'country', 'blocked', 'created_at'], { order: 'created_at' }),
      payments: own('card_payments', ['id', 'amount_minor', 'currency', 'credit_account_id', 'status', 'fixed', 'bonus', 'promo', 'created_at', 'updated_at'], { order: 'created_at' }),
      attempts: own('card_attempts', ['payment_id', 'processor', 'seq', 'status', 'code', 'message', 'created_at'], { order: 'created_at' }),
      blocks: own('card_blocks', ['payment_id', 'code', 'created_at'], { order: 'created_at' }),
      // refunds and disputes of a card payment or a wallet deposit, and negative balance protection's cases (issue 32 §2, §3)
      reversals: own('payment_reversals', ['id', 'kind', 'source', 'source_id', 'provider', 'provider_ref', 'amount_minor', 'currency', 'status', 'reason', 'debited_minor', 'shortfall_minor', 'created_at', 'updated_at'], { order: 'created_at' }),
      protection: own('protection_cases', ['id', 'reversal_id', 'currency', 'asked_minor', 'debited_minor', 'shortfall_minor', 'status', 'created_at', 'closed_at'], { order: 'created_at' }),
    },
  },
  {
    name: 'other_deposits',
    parts: {
      wallets: own('method_deposits', ['id', 'account_id', 'method', 'provider', 'amount_minor', 'currency', 'status', 'reason', 'promo', 'created_at', 'updated_at'], { order: 'created_at' }),
      bank: own('bank_deposits', ['id', 'account_id', 'method', 'reference', 'amount_minor', 'currency', 'status', 'promo', 'created_at', 'received_at'], { order: 'created_at' }),
      vouchers: own('vload_vouchers', ['voucher_id', 'pin_last4', 'account_id', 'amount_minor', 'currency', 'created_at'], { order: 'created_at' }),
    },
  },
  {
    name: 'crypto_invoices',
    parts: {
      invoices: own(
        'crypto_invoices',
        ['guid', 'coin', 'asset', 'chain', 'address', 'amount_minor', 'decimals', 'rate', 'rate_currency', 'fiat_minor', 'credit_account_id', 'credit_currency', 'credit_minor', 'status', 'received_minor', 'late_minor', 'hash', 'created_at', 'expires_at', 'paid_at', 'closed_at'],
        { order: 'created_at' },
      ),
      exceptions: own(
        'crypto_exceptions',
        ['id', 'invoice_guid', 'kind', 'txid', 'asset', 'coin_minor', 'seen_at', 'arrival_rate', 'status', 'credit_minor', 'credit_currency', 'credit_rate', 'refund_address', 'claimed_at', 'rejected_at', 'refund_txid', 'created_at', 'resolved_at'],
        { order: 'created_at' },
      ),
    },
  },
  {
    name: 'withdrawals',
    parts: {
      withdrawals: own('withdrawals', ['id', 'account_id', 'amount_minor', 'currency', 'method', 'wallet', 'alt', 'status', 'fixed', 'bonus_forfeited', 'created_at', 'updated_at'], { order: 'created_at' }),
      address_book: own('withdrawal_destinations', ['method', 'wallet', 'alt', 'label', 'created_at', 'confirmed_at', 'usable_at', 'removed_at']),
      address_book_settings: own('withdrawal_destination_settings', ['saved_only', 'saved_only_ends_at']),
    },
  },
  {
    name: 'documents',
    parts: {
      documents: own('documents', ['id', 'kind', 'status', 'reason', 'name', 'mime', 'size_bytes', 'created_at', 'reviewed_at'], { order: 'created_at' }),
    },
  },
  {
    name: 'support',
    parts: {
      tickets: own('support_tickets', ['id', 'department', 'priority', 'subject', 'status_id', 'about_kind', 'about_id', 'created_at', 'activity_at']),
      messages: custom('support_messages', async (db, userId) =>
        (
          await sql<Row>`select m.id, m.ticket_id, m.author, m.agent_name, m.content, m.created_at from support_messages m join support_tickets t on t.id = m.ticket_id where t.user_id = ${userId} order by m.id`.execute(db)
        ).rows,
      ),
      call_backs: own('support_callbacks', ['id', 'phone', 'preferred', 'created_at', 'done_at']),
      contact_forms: own('support_contacts', ['id', 'name', 'email', 'phone', 'message', 'created_at']),
    },
  },
  {
    name: 'complaints',
    parts: {
      complaints: own('complaints', ['reference', 'category', 'subject', 'text', 'status', 'created_at', 'acknowledged_at', 'due_at', 'answer', 'answered_at'], { order: 'created_at' }),
    },
  },
  {
    name: 'notifications',
    parts: {
      notifications: own('notifications', ['id', 'kind', 'params', 'created_at', 'read_at']),
    },
  },
  {
    name: 'limits',
    parts: {
      limits: own('trader_limits', ['kind', 'period', 'currency', 'value_minor', 'pending_set', 'pending_minor', 'pending_from', 'updated_at'], { order: 'kind' }),
      deposit_holds: own('deposit_holds', ['id', 'source', 'amount_minor', 'currency', 'status', 'created_at', 'expires_at', 'updated_at']),
      reality_check: own('reality_checks', ['minutes', 'updated_at']),
      session_limit: own('session_limits', ['minutes', 'pending_set', 'pending_minutes', 'pending_from', 'updated_at']),
      appropriateness: own('appropriateness_tests', ['attempt', 'score', 'of', 'passed', 'answers', 'taken_at', 'risk_accepted_at'], { order: 'attempt' }),
    },
  },
  {
    name: 'self_exclusions',
    parts: {
      self_exclusions: own('self_exclusions', ['id', 'kind', 'choice', 'since', 'until']),
      account_closure: own('account_closures', ['reason', 'text', 'closed_at']),
    },
  },
  {
    name: 'sessions',
    parts: {
      sessions: own('sessions', ['created_at', 'expires_at', 'limit_ends_at', 'withdraw_only', 'ip', 'device', 'last_seen_at']),
      password_resets: own('password_reset_tokens', ['created_at', 'expires_at', 'used_at', 'revoked_at', 'ip']),
      browser_errors: own('client_errors', ['created_at', 'error', 'url', 'user_agent']),
      sign_in_history: own('sign_in_events', ['at', 'method', 'outcome', 'ip', 'device', 'country', 'new_device']),
    },
  },
  {
    name: 'sign_in_attempts',
    parts: {
      attempts: custom('login_attempts', async (db, userId) =>
        (await sql<Row>`select a.at, a.scope, a.outcome, a.ip from login_attempts a join users u on lower(u.email) = lower(a.email) where u.id = ${userId} order by a.at`.execute(db)).rows,
      ),
    },
  },
  {
    name: 'marketing',
    parts: {
      promotions: own('promotion_activations', ['promotion_id', 'created_at'], { order: 'created_at' }),
      promo_codes: own('promo_redemptions', ['code', 'created_at'], { order: 'created_at' }),
      offers: own('offers', ['id', 'kind', 'source', 'created_at', 'shown_at', 'expires_at', 'outcome', 'outcome_at', 'promo_code']),
      contests: own('contest_winners', ['contest_id', 'rank', 'profit_minor', 'trades', 'prize_minor', 'prize_kind', 'prize_item']),
      referral_links: own('referral_links', ['code', 'name', 'landing', 'created_at'], { order: 'created_at' }),
      referral_commissions: own('referral_commissions', ['code', 'deposit_minor', 'commission_minor', 'currency', 'created_at'], { owner: 'referrer_user_id', order: 'created_at' }),
      iq_mining: own('iq_mining', ['started_at', 'answers', 'all_right', 'finished_at']),
      signals: own('signal_deliveries', ['signal_id', 'day', 'delivered_at'], { order: 'delivered_at' }),
    },
  },
];

/**
 * Tables with a trader's id that the export leaves out, each with why. A new table with a
 * `user_id` column must be read by a section or listed here (the coverage test).
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  promo_codes: 'a personal code (owner_user_id) is in the offers section (offers.promo_code) and its use in promo_codes (the redemptions)',
  data_exports: 'the export jobs themselves (the payload is this file)',
  autologin_tickets: 'single-use sign-in tickets: hashes of keys that live for minutes',
  known_devices: 'hashes of the device cookies the account signed in from (the devices themselves are in sessions and sign_in_history)',
  device_alerts: 'hashes of the new-device emails’ one-use links (the sign-ins they were about are in sign_in_history)',
  passkey_challenges: 'WebAuthn challenges of one ceremony, random and valid for minutes',
  two_factor_codes: 'one-time codes, stored only as hashes, valid for minutes',
  two_factor_challenges: 'a pending second-factor step of one session, valid for minutes',
  two_factor_grants: 'a confirmed second factor of one session, valid for minutes',
  transaction_validations: 'hashes of validated values (nothing readable)',
  card_day_counts: 'a counter of card payments per day, derived from the payments (exported)',
  trading_sync: 'the platform mirror’s cursor (when the trades were last read)',
  card_sandbox_next: 'the sandbox’s test control for the next card payment (no real data)',
  sandbox_made_by: 'the sandbox’s record of which tester made a user (no real data)',
  sandbox_outbox: 'the sandbox messenger’s mailbox (a stand-in for the email and SMS provider)',
  sandbox_scripts: 'the sandbox’s scripted outcomes for testers (no real data)',
};

/** Every table a section reads. */
export const exportedTables = (): string[] => [...new Set(SECTIONS.flatMap((s) => Object.values(s.parts).map((p) => p.table)))];

/** One section's rows, as JSON can say them. */
export async function gatherSection(db: Db, section: Section, userId: number): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const [key, part] of Object.entries(section.parts)) out[key] = (await part.read(db, userId)).map(plainRow);
  return out;
}
