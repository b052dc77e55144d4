import type { SnapshotFrom } from 'xstate';
import { COUNTRIES } from '../../../core/contract/countries';
import type { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import type { CascadeContext, StepRecord } from '../../../machines/cascade/cascade.types';
import type { AnyActorRef } from 'xstate';

type CardSnap = SnapshotFrom<typeof cardFormMachine>;

/* The funding page and the card form are read through connectFunding / connectCard (funding-connect.ts). */

export type CascadeStep = 'checking' | 'dayLimit' | 'dayLimitWhy' | 'trying' | 'delaying' | 'listening' | 'entropay' | 'doNotHonor' | 'interrupted' | 'redirecting' | 'done';

interface CascadeSnapLike {
  context: CascadeContext;
  children: Record<string, AnyActorRef | undefined>;
  matches: (v: never) => boolean;
}

/** What the trader sees of the cascade: the step, the processor tried, n of total, the log. */
export function selectCascadeView(s: CascadeSnapLike | undefined) {
  if (!s) return null;
  const is = (v: string | Record<string, string>) => (s.matches as (v: unknown) => boolean)(v);
  const step: CascadeStep =
    is('checking') || is('boot') ? 'checking'
      : is({ dayLimit: 'explaining' }) ? 'dayLimitWhy'
        : is('dayLimit') ? 'dayLimit'
          : is('delaying') ? 'delaying'
            : is('listening') ? 'listening'
              : is('entropay') ? 'entropay'
                : is('doNotHonor') ? 'doNotHonor'
                  : is('interrupted') ? 'interrupted'
                    : is('redirecting') ? 'redirecting'
                      : is('next') || is('preparing') || is('starting') || is('deciding') ? 'trying'
                        : 'done';
  const c = s.context;
  const processor = c.current?.processor ?? '';
  const n = processor ? c.stack.indexOf(processor) + 1 : c.tried.length;
  return { step, processor, n, total: c.stack.length, log: c.log, steps: stepLines(c.stack, c.log, GOES_ON.has(step)), error: c.error, entropay: s.children.entropay ?? null };
}

/**
 * The steps after which the cascade may still try a processor. Do-not-honor stops it at the
 * processor that said so (the dialog says "we will not retry"), so its steps must not say
 * "trying the next one" (issue 27); the day limit and the end try nothing more either.
 */
const GOES_ON: ReadonlySet<CascadeStep> = new Set(['checking', 'trying', 'delaying', 'listening', 'entropay', 'interrupted', 'redirecting']);

/** One line of the steps list: "Processor 1 of 5 (Vload): declined, trying the next one". */
export interface StepLine {
  key: 'cascade.step.declined_next' | 'cascade.step.declined' | 'cascade.step.cancelled_next' | 'cascade.step.cancelled' | 'cascade.step.skipped' | 'cascade.step.passed' | 'cascade.step.approved';
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
          : goesOn ? 'cascade.step.declined_next' : 'cascade.step.declined'
        : entry.result === 'skipped' ? 'cascade.step.skipped'
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
  return COUNTRIES.map((c) => ({ iso: c.iso, name: names?.of(c.iso) ?? c.name })).sort((a, b) => a.name.localeCompare(b.name, lang));
}
