import { CONTEST_PRIZES } from '../../../core/contest-prizes';
import type { Db } from '../../db';
import { createContest } from '../../domain/contests/contests';

/**
 * The sandbox's contests (docs/engagement.md "Contests"): this week's weekly contest (Monday
 * 00:00 UTC to the next Monday) and this week's weekend contest (Saturday 00:00 UTC to Monday
 * 00:00 UTC), both in USD with the prizes of spec 002 §9 (core/contest-prizes.ts: cash, bonus
 * and the weekly iPad at rank 5), paid by the ledger when they close (the iPad recorded, not paid).
 * Idempotent (ids name the week); the contest timer calls it in sandbox mode so that a new week
 * gets its contests.
 */
const DAY = 86_400_000;

export function weekOf(now: Date): { monday: Date; saturday: Date; next: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const monday = midnight - sinceMonday * DAY;
  return { monday: new Date(monday), saturday: new Date(monday + 5 * DAY), next: new Date(monday + 7 * DAY) };
}

export async function seedContests(db: Db, now = new Date()): Promise<void> {
  const { monday, saturday, next } = weekOf(now);
  const day = monday.toISOString().slice(0, 10);
  await createContest(db, { id: `weekly-${day}`, type: 'weekly', currency: 'USD', start: monday, end: next, prizes: CONTEST_PRIZES.weekly });
  await createContest(db, { id: `weekend-${day}`, type: 'weekend', currency: 'USD', start: saturday, end: next, prizes: CONTEST_PRIZES.weekend });
}
