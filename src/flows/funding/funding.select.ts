import type { SnapshotFrom } from 'xstate';
// ISO code → English name only (2 kB gzip): the card form needs no calling codes, languages or flags of the registration's table (11 kB)
import BILLING_NAMES from 'countries-list/minimal/countries.en.min.json';
import type { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import type { StepRecord } from '../../../machines/cascade/cascade.types';

type CardSnap = SnapshotFrom<typeof cardFormMachine>;

/* The funding page, the card form and the cascade are read through their connect functions (funding.connect.ts). */

/** One line of the steps list: "Processor 1 of 5 (Vload): declined, trying the next one". */
export interface StepLine {
  key:
    | 'cascade.step.declined_next'
    | 'cascade.step.declined'
    | 'cascade.step.hard_51'
    | 'cascade.step.cancelled_next'
    | 'cascade.step.cancelled'
    | 'cascade.step.skipped'
    | 'cascade.step.unavailable_next'
    | 'cascade.step.unavailable'
    | 'cascade.step.unreachable_next'
    | 'cascade.step.unreachable'
    | 'cascade.step.passed'
    | 'cascade.step.approved';
  n: number;
  total: number;
  processor: string;
  result: StepRecord['result'];
}

/**
 * The steps a payment took, as lines: a decline says whether the cascade went on to the next
 * processor (a later step exists, or the run is still going) or ended there.
 */
export function stepLines(stack: readonly string[], log: readonly StepRecord[], running: boolean): StepLine[] {
  return log.map((entry, i) => {
    const goesOn = running || i < log.length - 1;
    const cancelled = entry.code === 'cancelled';
    const key: StepLine['key'] =
      entry.result === 'declined'
        ? cancelled
          ? goesOn ? 'cascade.step.cancelled_next' : 'cascade.step.cancelled'
          : goesOn ? 'cascade.step.declined_next'
            // Zoom's 51 stops the payment: the spec would add EZPAY and go on (spec README item 4)
            : entry.processor === 'ZOOM' && entry.code === '51' ? 'cascade.step.hard_51' : 'cascade.step.declined'
        : entry.result === 'skipped' ? 'cascade.step.skipped'
          : entry.result === 'unavailable' ? goesOn ? 'cascade.step.unavailable_next' : 'cascade.step.unavailable'
            : entry.result === 'unreachable' ? goesOn ? 'cascade.step.unreachable_next' : 'cascade.step.unreachable'
              : entry.result === 'passed' ? 'cascade.step.passed'
                : 'cascade.step.approved';
    const at = stack.indexOf(entry.processor);
    return { key, n: at >= 0 ? at + 1 : i + 1, total: Math.max(stack.length, log.length), processor: entry.processor, result: entry.result };
  });
}

/**
 * The steps of the payment that just ended (approved, or declined everywhere), kept on the card
 * form's result until the trader moves on (closes the result, or pays again): [] when none.
 */
export function selectFinishedSteps(s: CardSnap): StepLine[] {
  const result = s.context.result;
  if (!result?.steps || result.steps.length === 0) return [];
  return stepLines(result.stack ?? [], result.steps, false);
}

/** Billing countries for the card form, named in the page's language. */
export function billingCountries(lang: string): Array<{ iso: string; name: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  return Object.entries(BILLING_NAMES as Record<string, string>)
    .map(([iso, english]) => ({ iso, name: names?.of(iso) ?? english }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}
