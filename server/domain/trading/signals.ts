import { randomUUID } from 'node:crypto';
import type { TradingSignal } from '../../../src/api/contract';
import type { Db } from '../../db';
import { formatPrice, INSTRUMENTS, instrumentOf, priceAt } from '../../sandbox/platform/prices';

/** how long a signal pop-up stays (spec 000 §9: 60 s) */
export const SIGNAL_POPUP_SECONDS = 60;
/** the sandbox signal source publishes one signal this often */
export const SANDBOX_SIGNAL_EVERY_MS = 30 * 60_000;
/** a signal is offered this long after it was published */
export const SIGNAL_VALID_MS = 10 * 60_000;

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
      expiry_seconds: 60,
      price: formatPrice(price, instrument.decimals),
      source: 'sandbox',
      popup_seconds: input.popupSeconds ?? SIGNAL_POPUP_SECONDS,
      created_at: new Date(now),
      valid_until: new Date(now + SIGNAL_VALID_MS),
    })
    .execute();
  return id;
}

/**
 * The signals to show this trader now (POST /api/signals). Each signal is shown once per (UTC)
 * day: the first time it is handed out, its pop-up's end is recorded; until then it is handed
 * out again with the same end (a reload does not restart the countdown), afterwards not at all.
 */
export async function signalsFor(db: Db, userId: number, options: { sandbox: boolean; now?: number }): Promise<TradingSignal[]> {
  const now = options.now ?? Date.now();
  if (options.sandbox) {
    const recent = await db.selectFrom('signals').select('id').where('source', '=', 'sandbox').where('created_at', '>', new Date(now - SANDBOX_SIGNAL_EVERY_MS)).executeTakeFirst();
    if (!recent) await publishSandboxSignal(db, {}, now);
  }
  const live = await db.selectFrom('signals').selectAll().where('valid_until', '>', new Date(now)).orderBy('created_at').limit(20).execute();
  const day = utcDay(now);
  const shown: TradingSignal[] = [];
  for (const signal of live) {
    await db
      .insertInto('signal_deliveries')
      .values({ signal_id: signal.id, user_id: userId, day, delivered_at: new Date(now), expires_at: new Date(now + signal.popup_seconds * 1000) })
      .onConflict((oc) => oc.columns(['signal_id', 'user_id', 'day']).doNothing())
      .execute();
    const delivery = await db
      .selectFrom('signal_deliveries')
      .select('expires_at')
      .where('signal_id', '=', signal.id)
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    if (delivery.expires_at.getTime() <= now) continue;
    shown.push({
      id: signal.id,
      symbol: signal.symbol,
      direction: signal.direction,
      expirySeconds: signal.expiry_seconds,
      price: signal.price,
      source: signal.source,
      createdAt: signal.created_at.getTime(),
      expiresAt: delivery.expires_at.getTime(),
    });
  }
  return shown;
}
