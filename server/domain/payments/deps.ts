import { SandboxScenario, type Settings } from '../../../core/contract';
import { isProcessor } from '../../../core/cascade/processors';
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { ProcessorGateway, RateSource } from '../ports';
import type { ProcessorHealthRules } from '../settings';

export interface PaymentEvents {
  /** after the commit (when paymentUpdatedIn is not given) */
  paymentUpdated(userId: number, paymentId: string, status: string): void;
  /**
   * the same event, inside the transaction that moved the attempt (PostgreSQL: NOTIFY,
   * delivered at COMMIT, nothing after a ROLLBACK); what it returns runs after the commit.
   * When given, paymentUpdated is not called.
   */
  paymentUpdatedIn?(trx: Transaction<Database>, userId: number, paymentId: string, status: string): Promise<() => void>;
  userUpdated(userId: number): void;
  /** an attempt reached an outcome at its processor (approved, declined, voided): the metrics count it, the log notes it */
  attemptSettled?(processor: string, outcome: 'approved' | 'declined' | 'voided', paymentId: string): void;
}

/** What the payment steps need: the database, the processors (a port), the settings, the push events and a clock. */
export interface PaymentDeps {
  db: Db;
  gateway: ProcessorGateway;
  settings: Settings;
  siteHost: string;
  events: PaymentEvents;
  now?: () => Date;
  /** prices, to weigh a deposit in another currency against the trader's deposit limits */
  rates?: RateSource;
  /** card payments a trader may start per UTC day; DAILY_CARD_LIMIT (fraud-check.ts) when not given */
  dailyCardLimit?: number;
  /** processor health's thresholds; PROCESSOR_HEALTH (server/domain/settings.ts) when not given */
  health?: ProcessorHealthRules;
}

export const clock = (deps: PaymentDeps): Date => deps.now?.() ?? new Date();
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
export const isScenario = (s: string): s is SandboxScenario => (SandboxScenario.options as readonly string[]).includes(s);
export const scenarioOf = (s: string): SandboxScenario => (isScenario(s) ? s : 'approved');
export { isProcessor };
