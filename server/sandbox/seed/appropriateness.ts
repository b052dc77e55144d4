import { APPROPRIATENESS, retryAt, scoreAnswers } from '../../../core/appropriateness';
import '../../db/schema-appropriateness';
import type { DbOrTx } from '../../domain/ledger';

/** A sandbox trader's appropriateness questionnaire (issue 30 §6), as a test needs it. */
export type SandboxAppropriateness = 'passed' | 'required' | 'failed' | 'failed_earlier' | 'accepted';

const HOUR_MS = 3_600_000;

/**
 * Records the test a sandbox trader took, as the product would have: every answer right (passed),
 * or every answer wrong (failed: a moment ago, 25 hours ago so the cool-down is over, or that and
 * the risk accepted just now). `required` records nothing: the trader has never taken it.
 */
export async function recordSandboxAppropriateness(db: DbOrTx, userId: number, kind: SandboxAppropriateness, now = new Date()): Promise<void> {
  if (kind === 'required') return;
  const passed = kind === 'passed';
  const answers = Object.fromEntries(APPROPRIATENESS.questions.map((q) => [q.id, passed ? q.correct : q.options.find((o) => o !== q.correct)!]));
  const scored = scoreAnswers(answers);
  const takenAt = kind === 'failed' ? now : kind === 'passed' ? now : new Date(now.getTime() - (APPROPRIATENESS.cooldownHours + 1) * HOUR_MS);
  await db
    .insertInto('appropriateness_tests')
    .values({ user_id: userId, attempt: 1, score: scored.score, of: scored.of, passed: scored.passed, answers: JSON.stringify(answers), taken_at: takenAt })
    // two instances seeding one database at once: the first row stands
    .onConflict((oc) => oc.columns(['user_id', 'attempt']).doNothing())
    .execute();
  if (kind === 'accepted') {
    const accepted = retryAt(takenAt);
    await db.updateTable('appropriateness_tests').set({ risk_accepted_at: accepted }).where('user_id', '=', userId).where('attempt', '=', 1).execute();
  }
}
