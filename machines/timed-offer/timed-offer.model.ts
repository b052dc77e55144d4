import type { MachineModel } from '../../machine-kit/types';
import { timedOfferMachine } from './timed-offer.machine';

export const sampleOffer = {
  id: '7',
  kind: 'limited' as const,
  shownAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-11-25T10:03:00.000Z',
  terms: { value: '10.00', currency: 'USD', codeHours: 24, turnoverMultiplier: '30', maxBonusValue: '200' },
};

/** A timed offer (limited, giveaway or risk_free: one machine): accepted, ignored, ended by its deadline (the delay, or the server's 410), a failure kept with the offer. */
export const timedOfferModel: MachineModel = {
  machine: timedOfferMachine,
  input: { offer: sampleOffer, remainingMs: 180_000 },
  actors: {
    accept: [
      { output: { kind: 'limited', value: '10.00', currency: 'USD', promoCode: 'OFFER-0A1B2C3D4E5F', validUntil: '2026-11-26T10:01:00.000Z' } },
      // risk_free: nothing paid now; the next trade opened until validUntil is covered
      { output: { kind: 'risk_free', value: '25.00', currency: 'USD', promoCode: null, validUntil: '2026-11-26T10:01:00.000Z' } },
      { error: { kind: 'http', status: 410, error: 'offer.expired', message: 'This offer has ended: nothing was credited.' } },
      { error: { kind: 'network' } },
    ],
    ignore: [{ output: { outcome: 'ignored' } }, { output: { outcome: 'expired' } }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};
