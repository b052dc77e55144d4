import { randomUUID } from 'node:crypto';
import type { TradingSignal } from '../../../core/contract';
import type { Db } from '../../db';
import { formatPrice, INSTRUMENTS, instrumentOf, priceAt } from '../../sandbox/platform/prices';

/** how long a signal pop-up stays (spec 000 §9: 60 s) */
export const SIGNAL_POPUP_SECONDS = 60;
/** the sandbox signal source publishes one signal this often */
export const SANDBOX_SIGNAL_EVERY_MS = 30 * 60_000;
/** the trade duration of a sandbox signal: a "1-minute signal" is valid for 60 s after it was published */
export const SANDBOX_SIGNAL_EXPIRY_SECONDS = 60;

/** The moment a signal stops being valid: published + its duration (server time). */
export const signalEnd = (signal: { created_at: Date; expiry_seconds: number }): number => signal.created_at.getTime() + signal.expiry_seconds * 1000;

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface NewSignal {
  symbol?: string;
  direction?: 'up' | 'down';
  popupSeconds?: number;
}

/**
 * The sandbox signal source (a stand-in for a signal provider): a signal on the simulated
 * prices, its direction the last minute's move. It is labelled as sandbox and simulated
 * wherever it is shown; it is not advice.
 */
export async function publishSandboxSignal(db: Db, input: NewSignal = {}, now = Date.now()): Promise<string> {
  const instrument = instrumentOf(input.symbol ?? '') ?? INSTRUMENTS[Math.floor(now / SANDBOX_SIGNAL_EVERY_MS) % INSTRUMENTS.length];
  const price = priceAt(instrument, now);
  const direction = input.direction ?? (price >= priceAt(instrument, now - 60_000) ? 'up' : 'down');
  const id = randomUUID();
  await db
    .insertInto('signals')
    .values({
      id,
      symbol: instrument.symbol,
      direction,
      expiry_seconds: SANDBOX_SIGNAL_EXPIRY_SECONDS,
      price: formatPrice(price, instrument.decimals),
      source: 'sandbox',
      popup_seconds: input.popupSeconds ?? SIGNAL_POPUP_SECONDS,
      created_at: new Date(now),
      valid_until: new Date(now + SANDBOX_SIGNAL_EXPIRY_SECONDS * 1000),
    })
    .execute();
  return id;
}

/**
 * The signals to show this trader now (POST /api/signals). A signal is offered only while it is
 * valid: published_at + its duration > now (server time); a 1-minute signal published 7 minutes
 * ago is never shown, whatever its stored valid_until says. Its pop-up ends at the signal's own
 * end, or earlier when the pop-up is shorter (popup_seconds from the first delivery): never a
 * fresh countdown past the signal's real expiry. Each signal is shown once per (UTC) day: the
 * first delivery records the pop-up's end; until then it is handed out again with the same end
 * (a reload does not restart the countdown), afterwards not at all.
 */
export async function signalsFor(db: Db, userId: number, options: { sandbox: boolean; now?: number }): Promise<TradingSignal[]> {
  const now = options.now ?? Date.now();
  if (options.sandbox) {
    const recent = await db.selectFrom('signals').select('id').where('source', '=', 'sandbox').where('created_at', '>', new Date(now - SANDBOX_SIGNAL_EVERY_MS)).executeTakeFirst();
    if (!recent) await publishSandboxSignal(db, {}, now);
  }
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
