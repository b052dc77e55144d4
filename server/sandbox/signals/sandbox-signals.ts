import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import type { SignalSource } from '../../domain/ports';
import { SIGNAL_POPUP_SECONDS } from '../../domain/trading/signals';
import { formatPrice, INSTRUMENTS, instrumentOf, priceAt } from '../platform/prices';

/** the sandbox signal source publishes one signal this often */
export const SANDBOX_SIGNAL_EVERY_MS = 30 * 60_000;
/** the trade duration of a sandbox signal: a "1-minute signal" is valid for 60 s after it was published */
export const SANDBOX_SIGNAL_EXPIRY_SECONDS = 60;

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

/** The sandbox signal source behind the SignalSource port: one signal every 30 minutes, published when asked. */
export function sandboxSignals(db: Db): SignalSource {
  return {
    async refresh(now) {
      const recent = await db.selectFrom('signals').select('id').where('source', '=', 'sandbox').where('created_at', '>', new Date(now - SANDBOX_SIGNAL_EVERY_MS)).executeTakeFirst();
      if (!recent) await publishSandboxSignal(db, {}, now);
    },
    async publishNow() {
      await publishSandboxSignal(db);
    },
  };
}
