import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { timedOfferMachine } from '../../../machines/timed-offer/timed-offer.machine';
import { sampleOffer } from '../../../machines/timed-offer/timed-offer.model';
import { clockOffset, connectTimedOffer, msUntil, nextCheckWait, remainingLabel } from './timed-offer.connect';

describe('timed offer view', () => {
  it('corrects our clock by the server time at the middle of the request', () => {
    expect(clockOffset('2026-11-25T10:00:10.000Z', Date.parse('2026-11-25T10:00:00.000Z'), Date.parse('2026-11-25T10:00:00.200Z'))).toBe(9900);
    expect(msUntil('2026-11-25T10:03:00.000Z', 9900, Date.parse('2026-11-25T09:59:50.100Z'))).toBe(180_000);
  });

  it('labels the time left from the deadline, never below zero; asks again at the next check, at least a second away', () => {
    expect(remainingLabel(180_000)).toBe('3:00');
    expect(remainingLabel(59_001)).toBe('1:00');
    expect(remainingLabel(-5)).toBe('0:00');
    expect(nextCheckWait(null, 0, 0)).toBeNull();
    expect(nextCheckWait('2026-11-25T10:00:00.500Z', 0, Date.parse('2026-11-25T10:00:00.000Z'))).toBe(1000);
    expect(nextCheckWait('2026-11-25T10:10:00.000Z', 0, Date.parse('2026-11-25T10:00:00.000Z'))).toBe(600_000);
  });

  it('connects a shown offer: its deadline as the server holds it, accept and ignore', () => {
    const actor = createActor(timedOfferMachine, { input: { offer: sampleOffer, remainingMs: 180_000 } }).start();
    const sent: string[] = [];
    const view = connectTimedOffer(actor.getSnapshot(), (e) => sent.push(e.type), Date.parse('2026-11-25T10:01:00.000Z'), 0, 'en');
    expect(view).toMatchObject({ isOpen: true, isBusy: false, isAccepted: false, remaining: '2:00', expiresAt: sampleOffer.expiresAt, kind: 'limited' });
    view.onAccept();
    view.onIgnore();
    expect(sent).toEqual(['accept', 'ignore']);
    actor.stop();
  });
});
