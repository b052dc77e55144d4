import type { TradingSignal } from '../../../core/contract';
import type { Db } from '../../db';
import type { SignalSource } from '../ports';

/** how long a signal pop-up stays (spec 000 §9: 60 s) */
export const SIGNAL_POPUP_SECONDS = 60;

/** The moment a signal stops being valid: published + its duration (server time). */
export const signalEnd = (signal: { created_at: Date; expiry_seconds: number }): number => signal.created_at.getTime() + signal.expiry_seconds * 1000;

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The signals to show this trader now (POST /api/signals). A signal is offered only while it is
 * valid: published_at + its duration > now (server time); a 1-minute signal published 7 minutes
 * ago is never shown, whatever its stored valid_until says. Its pop-up ends at the signal's own
 * end, or earlier when the pop-up is shorter (popup_seconds from the first delivery): never a
 * fresh countdown past the signal's real expiry. Each signal is shown once per (UTC) day: the
 * first delivery records the pop-up's end; until then it is handed out again with the same end
 * (a reload does not restart the countdown), afterwards not at all. `source` (the sandbox's) first
 * publishes what it has due.
 */
export async function signalsFor(db: Db, userId: number, options: { source?: SignalSource; now?: number }): Promise<TradingSignal[]> {
  const now = options.now ?? Date.now();
  if (options.source) await options.source.refresh(now);
  const stored = await db.selectFrom('signals').selectAll().where('valid_until', '>', new Date(now)).orderBy('created_at').limit(20).execute();
  const live = stored.filter((signal) => signalEnd(signal) > now);
  const day = utcDay(now);
  const shown: TradingSignal[] = [];
  for (const signal of live) {
    const end = signalEnd(signal);
    await db
      .insertInto('signal_deliveries')
      .values({ signal_id: signal.id, user_id: userId, day, delivered_at: new Date(now), expires_at: new Date(Math.min(end, now + signal.popup_seconds * 1000)) })
      .onConflict((oc) => oc.columns(['signal_id', 'user_id', 'day']).doNothing())
      .execute();
    const delivery = await db
      .selectFrom('signal_deliveries')
      .select('expires_at')
      .where('signal_id', '=', signal.id)
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    // a delivery recorded before this rule may run past the signal's end: the signal's end wins
    const expiresAt = Math.min(delivery.expires_at.getTime(), end);
    if (expiresAt <= now) continue;
    shown.push({
      id: signal.id,
      symbol: signal.symbol,
      direction: signal.direction,
      expirySeconds: signal.expiry_seconds,
      price: signal.price,
      source: signal.source,
      createdAt: signal.created_at.getTime(),
      expiresAt,
    });
  }
  return shown;
}
