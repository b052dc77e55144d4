import { describe, expect, it } from 'vitest';
import { SandboxScenario, type CardProcessor } from '../../../core/contract';
import { luhnValid } from '../../domain/payments/cards';
import type { Charge } from '../../domain/ports';
import { SANDBOX_PENDING_CHECKS, sandboxProcessors } from './sandbox-gateway';
import { scenarioOfNumber, TEST_CARDS } from './test-cards';

const charge = (scenario: SandboxScenario, seq = 0): Charge => ({
  uid: 'tx_1',
  paymentId: 'p',
  seq,
  amountMinor: 30000n,
  currency: 'USD',
  card: { token: 't', first6: '400000', last4: '0010', brand: 'visa' },
  scenario,
});

describe('sandbox processors', () => {
  it('every test card is Luhn-valid, unique and names its scenario; every scenario has a card', () => {
    const numbers = TEST_CARDS.flatMap((c) => [c.visa, c.mastercard]);
    for (const n of numbers) expect(luhnValid(n), n).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const c of TEST_CARDS) expect(scenarioOfNumber(c.mastercard)).toBe(c.scenario);
    expect(TEST_CARDS.map((c) => c.scenario).sort()).toEqual([...SandboxScenario.options].sort());
    expect(scenarioOfNumber('4242424242424242')).toBe('approved');
  });

  it('soft declines follow the attempt order; hard ones do not', async () => {
    const g = sandboxProcessors();
    expect(await g.start('ORANGE', charge('soft_once', 0))).toMatchObject({ kind: 'declined', code: '91' });
    expect(await g.start('ORANGE', charge('soft_once', 1))).toEqual({ kind: 'approved' });
    expect(await g.start('PFS', charge('soft_twice', 1))).toMatchObject({ kind: 'declined' });
    expect(await g.start('PFS', charge('soft_twice', 2))).toEqual({ kind: 'approved' });
    expect(await g.start('MEIKO', charge('hard', 5))).toMatchObject({ kind: 'declined', code: '41' });
  });

  it('hosted processors go through their page; 3-D Secure only where the protocol has it', async () => {
    const g = sandboxProcessors();
    const starts = async (scenario: SandboxScenario) =>
      Object.fromEntries(
        await Promise.all((['PFS', 'ORANGE', 'CONCEPT', 'EZPAY', 'ZOOM', 'SHAPE', 'VLOAD', 'ENTROPAY'] as CardProcessor[]).map(async (p) => [p, (await g.start(p, charge(scenario))).kind])),
      );
    expect(await starts('secure3d')).toEqual({ PFS: 'redirect', ORANGE: 'pending', CONCEPT: 'redirect', EZPAY: 'redirect', ZOOM: 'pending', SHAPE: 'redirect', VLOAD: 'redirect', ENTROPAY: 'dialog' });
    expect(await starts('approved')).toEqual({ PFS: 'approved', ORANGE: 'approved', CONCEPT: 'approved', EZPAY: 'approved', ZOOM: 'approved', SHAPE: 'redirect', VLOAD: 'redirect', ENTROPAY: 'dialog' });
  });

  it('pending approves on its check; timeout never does; a cancelled page declines', async () => {
    const g = sandboxProcessors();
    expect(await g.check('PFS', charge('pending'), SANDBOX_PENDING_CHECKS - 2)).toEqual({ kind: 'pending' });
    expect(await g.check('PFS', charge('pending'), SANDBOX_PENDING_CHECKS - 1)).toEqual({ kind: 'approved' });
    expect(await g.check('PFS', charge('timeout'), 100)).toEqual({ kind: 'pending' });
    expect(await g.complete('SHAPE', charge('approved'), { approve: false })).toMatchObject({ kind: 'declined', code: 'cancelled' });
    expect(await g.complete('SHAPE', charge('approved'), { approve: true })).toEqual({ kind: 'approved' });
    expect(await g.complete('ENTROPAY', charge('entropay_cvv'), { approve: true, cvv: '000' })).toMatchObject({ kind: 'declined' });
  });
});
