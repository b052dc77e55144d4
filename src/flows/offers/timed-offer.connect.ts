import type { SnapshotFrom } from 'xstate';
import type { timedOfferMachine } from '../../../machines/timed-offer/timed-offer.machine';
import type { TimedOfferEvent } from '../../../machines/timed-offer/timed-offer.types';
import { formatDateTime } from '../shared/dates';

export type TimedOfferSnapshot = SnapshotFrom<typeof timedOfferMachine>;

/** the longest wait a timer can hold (about 24.8 days) */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** server clock minus ours: the server's time against the middle of the request */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - Math.round((sentAt + receivedAt) / 2) : 0;
}

/** ms from `nowMs` (our clock) to a server instant */
export const msUntil = (iso: string, offsetMs: number, nowMs: number): number => Date.parse(iso) - (nowMs + offsetMs);

/** when to ask for offers again (at least a second from now), or null */
export function nextCheckWait(nextCheckAt: string | null, offsetMs: number, nowMs: number): number | null {
  if (!nextCheckAt) return null;
  const wait = msUntil(nextCheckAt, offsetMs, nowMs);
  return wait > MAX_TIMER_MS ? null : Math.max(1000, wait);
}

/** "2:59", "59:05": minutes and seconds left, never below zero */
export function remainingLabel(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** the deadline as the server's time in the trader's zone: "10:03:00" */
export function deadlineLabel(expiresAt: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(Date.parse(expiresAt));
}

/** connect() for the offer dialog; `nowMs` is the page's clock now (the countdown is drawn from the deadline, never counted) */
export function connectTimedOffer(s: TimedOfferSnapshot, send: (event: TimedOfferEvent) => void, nowMs: number, offsetMs: number, lang: string) {
  const { offer, accepted, error } = s.context;
  const busy = s.matches('accepting') || s.matches('ignoring');
  return {
    kind: offer.kind,
    terms: offer.terms,
    isOpen: s.matches('shown') || busy,
    isBusy: busy,
    isAccepted: s.matches('accepted'),
    isIgnored: s.matches('ignored'),
    isExpired: s.matches('expired'),
    remaining: remainingLabel(msUntil(offer.expiresAt, offsetMs, nowMs)),
    deadline: deadlineLabel(offer.expiresAt, lang),
    expiresAt: offer.expiresAt,
    promoCode: accepted?.promoCode ?? null,
    validUntil: accepted?.validUntil ? formatDateTime(accepted.validUntil) : null,
    error,
    onAccept: () => send({ type: 'accept' }),
    onIgnore: () => send({ type: 'ignore' }),
  };
}
