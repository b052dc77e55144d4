import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { signalsMachine } from '../../../machines/signals/signals.machine';
import type { SignalsInput } from '../../../machines/signals/signals.types';
import { fetchSignals } from '../../api/chat';
import { useSessionPick } from '../session/session.hooks';
import { useAttention } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';
import { connectSignals, isWeekendNow, weekendZone } from './signals.connect';

/** today's seen-set (spec 000 §9: each signal shown once per day), per browser */
export const SIGNALS_SEEN_KEY = 'signals.seen';

/** the browser's own calendar day, e.g. "2026-11-21" */
export const localDay = (at: number): string => {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** ids whose pop-up ended today; a stored set of another day counts as empty */
export function seenToday(now = Date.now()): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(SIGNALS_SEEN_KEY) ?? 'null') as { day?: unknown; ids?: unknown } | null;
    if (!stored || stored.day !== localDay(now) || !Array.isArray(stored.ids)) return [];
    return stored.ids.filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

export function markSeen(ids: string[], now = Date.now()): void {
  if (ids.length === 0) return;
  try {
    const all = [...new Set([...seenToday(now), ...ids])].slice(-200);
    localStorage.setItem(SIGNALS_SEEN_KEY, JSON.stringify({ day: localDay(now), ids: all }));
  } catch {
    // storage unavailable: the server still hands each signal out once a day
  }
}

/** the machine's start: the browser's clock and today's seen-set */
export const signalsInput = (): SignalsInput => ({ now: Date.now(), seen: seenToday() });

export const signalsFlow = signalsMachine.provide({
  actors: {
    fetchSignals: fromPromise(async () => {
      const answer = await fetchSignals();
      const now = Date.now();
      // deadlines are on the server's clock; the machine and the countdown use the browser's
      const skew = now - answer.serverTime;
      return {
        now,
        signals: answer.signals.map((s) => ({
          id: s.id,
          symbol: s.symbol,
          direction: s.direction,
          expirySeconds: s.expirySeconds,
          price: s.price,
          source: s.source,
          publishedAt: s.createdAt + skew,
          expiresAt: s.expiresAt + skew,
        })),
      };
    }),
  },
  actions: {
    markSeen: (_, params) => markSeen(params.ids),
  },
});

/** The browser's clock, read again every `every` ms (a countdown, the weekend notice). */
export function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/** The signal pop-ups, started from the browser's clock and today's seen-set. */
export function useSignals() {
  const [input] = useState(signalsInput);
  const actor = useActorRef(signalsFlow, { input, inspect });
  const signals = connectSignals(useSelector(actor, (s) => s), actor.send);
  // a promotion: the pop-ups show only when the attention arbiter grants them (src/flows/attention/attention.flow.ts)
  const granted = useAttention(SIGNALS_ATTENTION, signals.any);
  return { ...signals, any: granted };
}

const SIGNALS_ATTENTION = { id: 'signals', kind: 'signals', priority: 'promotional' } as const;

/** how often the weekend notice checks the clock */
export const WEEKEND_RECHECK_MS = 60_000;

/** The weekend window (spec 002 §4) in the settings' zone or the trader's own: shown, and the zone it names. */
export function useWeekendNotice() {
  const zone = useSessionPick((s) => s.settings?.timeZone ?? '');
  const now = useNow(WEEKEND_RECHECK_MS);
  return { shown: isWeekendNow(now, zone), zone: weekendZone(zone) };
}
