import type { DepositOutcome } from './deposit';
import type { FunnelStats } from './funnel';
import type { HttpStats } from './client';
import type { TraderOutcome } from './trader';

/** one processor's attempts as the server showed them (GET /api/card/payments/{id}) */
export interface ProcessorTally {
  attempts: number;
  approved: number;
  declined: number;
  voided: number;
  /** still pending (the trader stopped waiting, or the page gave up) or on a page nobody finished */
  pending: number;
  redirect: number;
  /** declines by the processor's code (91, 41, 05, 51, cancelled, token, …) */
  codes: Record<string, number>;
}

/** What the run did, as the script saw it. */
export interface TrafficSummary {
  seed: number;
  traders: { planned: number; created: number; failed: number };
  deposits: {
    total: number;
    /** how each run ended for the trader: the cascade's result, or refused (form or save), abandoned, stuck, error */
    byResult: Record<string, number>;
    /** stopped by the fraud check before a payment was made */
    flagged: Record<string, number>;
    /** refused by the card form or the card's save (card.blocked, …) */
    refused: Record<string, number>;
    /** processor pages gone through (3-D Secure, hosted, Entropay) */
    pages: number;
    /** pages of an attempt already finished on its page, shown again (deposit.ts `pagesAgain`: a sandbox loop) */
    pagesAgain: number;
    /** per card of the plan (a test card's scenario, or `other`), how its runs ended */
    byCard: Record<string, Record<string, number>>;
  };
  /** Vload vouchers: redeemed, or the refusal's key (vload.used, vload.invalid, vload.min, …) */
  vouchers: Record<string, number>;
  /** the payments made (one per deposit the fraud check let through), by the server's status once the run ended */
  payments: { total: number; byStatus: Record<string, number> };
  /** per processor, the server's attempts */
  processors: Record<string, ProcessorTally>;
  /** per processor, the cascade's steps as the trader's list showed them (approved, declined, skipped, unavailable, unreachable) */
  steps: Record<string, Record<string, number>>;
  funnel: FunnelStats;
  http: HttpStats;
  /** failures of the run (not declines): traders not made, driver or server errors; the first 50 */
  errors: string[];
  errorCount: number;
}

const bump = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

export function emptySummary(seed: number, planned: number, funnel: FunnelStats, http: HttpStats): TrafficSummary {
  return {
    seed,
    traders: { planned, created: 0, failed: 0 },
    deposits: { total: 0, byResult: {}, flagged: {}, refused: {}, pages: 0, pagesAgain: 0, byCard: {} },
    vouchers: {},
    payments: { total: 0, byStatus: {} },
    processors: {},
    steps: {},
    funnel,
    http,
    errors: [],
    errorCount: 0,
  };
}

export function addError(summary: TrafficSummary, error: string): void {
  summary.errorCount++;
  if (summary.errors.length < 50) summary.errors.push(error);
}

export function addDeposit(summary: TrafficSummary, outcome: DepositOutcome, trader: number): void {
  const d = summary.deposits;
  d.total++;
  bump(d.byResult, outcome.result);
  if (outcome.flagged) bump(d.flagged, outcome.flagged);
  if (outcome.refused) bump(d.refused, outcome.refused);
  d.pages += outcome.pages;
  d.pagesAgain += outcome.pagesAgain;
  bump((d.byCard[outcome.card] ??= {}), outcome.result);
  for (const step of outcome.steps) bump((summary.steps[step.processor] ??= {}), step.result);
  for (const error of outcome.errors) addError(summary, `trader ${trader}: ${error}`);
  const payment = outcome.payment;
  if (!payment) return;
  summary.payments.total++;
  bump(summary.payments.byStatus, payment.status);
  for (const attempt of payment.attempts) {
    const tally = (summary.processors[attempt.processor] ??= { attempts: 0, approved: 0, declined: 0, voided: 0, pending: 0, redirect: 0, codes: {} });
    tally.attempts++;
    tally[attempt.status]++;
    if (attempt.status === 'declined') bump(tally.codes, attempt.code || '(none)');
  }
}

export function addTrader(summary: TrafficSummary, outcome: TraderOutcome): void {
  if (outcome.voucher) bump(summary.vouchers, outcome.voucher);
  if (outcome.voucher.startsWith('error')) addError(summary, `trader ${outcome.n}: voucher ${outcome.voucher}`);
  if (outcome.created) summary.traders.created++;
  else {
    summary.traders.failed++;
    addError(summary, `trader ${outcome.n} not made: ${outcome.error}`);
  }
}

const list = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

/** The one progress line. */
export function progressLine(summary: TrafficSummary, done: number): string {
  const s = summary.payments.byStatus;
  return `traders ${done}/${summary.traders.planned}, deposits ${summary.deposits.total}, payments ${summary.payments.total} (approved ${s.approved ?? 0}), errors ${summary.errorCount}`;
}

/** The summary as lines for a person. */
export function formatSummary(summary: TrafficSummary): string[] {
  const lines = [
    `Traders: ${summary.traders.created} made and signed in of ${summary.traders.planned}${summary.traders.failed ? `, ${summary.traders.failed} failed` : ''} (seed ${summary.seed})`,
    `Deposits: ${summary.deposits.total}; as the trader saw them: ${list(summary.deposits.byResult)}`,
    `  stopped by the fraud check (no payment): ${list(summary.deposits.flagged)}`,
    `  refused by the form or the card's save: ${list(summary.deposits.refused)}`,
    `  processor pages gone through: ${summary.deposits.pages}${summary.deposits.pagesAgain ? `, of which ${summary.deposits.pagesAgain} the page of an attempt already finished on it, shown again (cancelled by the trader)` : ''}`,
    `  by card: ${Object.entries(summary.deposits.byCard).sort((a, b) => a[0].localeCompare(b[0])).map(([card, c]) => `${card} {${list(c)}}`).join('; ')}`,
    `Vouchers: ${list(summary.vouchers)}`,
    `Payments: ${summary.payments.total}; by the server's status: ${list(summary.payments.byStatus)}`,
    'Processors (the server\'s attempts): approved / declined (by code) / voided / pending / on a page',
  ];
  for (const [processor, t] of Object.entries(summary.processors).sort((a, b) => b[1].attempts - a[1].attempts)) {
    lines.push(`  ${processor.padEnd(12)} ${String(t.attempts).padStart(4)} attempts: ${t.approved} approved, ${t.declined} declined (${list(t.codes)}), ${t.voided} voided, ${t.pending} pending, ${t.redirect} on a page`);
  }
  lines.push(`Cascade steps as the trader's list showed them: ${Object.entries(summary.steps).map(([p, c]) => `${p} {${list(c)}}`).join('; ') || 'none'}`);
  const f = summary.funnel;
  lines.push(`Funnel: ${f.steps} steps taken; ${f.off ? `not reported: ${f.off}` : `${f.sent} sent, ${f.accepted} accepted`}${Object.keys(f.refused).length ? `; reports refused: ${list(f.refused)}` : ''}`);
  lines.push(`HTTP: ${summary.http.requests} requests${summary.http.rateLimited ? `, ${summary.http.rateLimited} answered 429 by the per-address limit and sent again after its Retry-After` : ''}`);
  lines.push(`Errors: ${summary.errorCount}${summary.errors.length ? `\n  ${summary.errors.slice(0, 10).join('\n  ')}` : ''}`);
  return lines;
}
