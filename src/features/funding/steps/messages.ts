/**
 * The cascade's steps list: each processor tried, in the stack's order, with its
 * answer, kept on screen until the trader moves on. English (Russian in messages.ru.ts).
 */
import { withRussian } from '../../../i18n';

const en = {
  'cascade.steps': 'Processors tried',
  'cascade.step.declined_next': 'Processor {n} of {total} ({name}): declined by the issuer, trying the next one',
  'cascade.step.declined': 'Processor {n} of {total} ({name}): declined by the issuer; the payment stopped here',
  'cascade.step.cancelled_next': 'Processor {n} of {total} ({name}): cancelled on its payment page, trying the next one',
  'cascade.step.cancelled': 'Processor {n} of {total} ({name}): cancelled on its payment page',
  'cascade.step.skipped': 'Processor {n} of {total} ({name}): skipped after the previous answer',
  'cascade.step.hard_51': 'Processor {n} of {total} ({name}): insufficient funds (51), a hard decline; the payment stopped here (no other processor is tried after it, EZPAY neither)',
  'cascade.step.unavailable_next': 'Processor {n} of {total} ({name}): temporarily unavailable, skipped (your card was not sent to it), trying the next one',
  'cascade.step.unavailable': 'Processor {n} of {total} ({name}): temporarily unavailable, skipped (your card was not sent to it)',
  'cascade.step.unreachable_next': 'Processor {n} of {total} ({name}): did not answer; this attempt was cancelled and is not charged, trying the next one',
  'cascade.step.unreachable': 'Processor {n} of {total} ({name}): did not answer; this attempt was cancelled and is not charged',
  'cascade.step.passed': 'Step {n} of {total} ({name}): passed',
  'cascade.step.approved': 'Processor {n} of {total} ({name}): approved',
};

/** English here; the Russian texts load only on a Russian page (messages.ru.ts, src/i18n withRussian) */
export const messages = withRussian(en, () => import('./messages.ru'));
