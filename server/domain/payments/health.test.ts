import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardProcessor } from '../../../core/contract';
import type { Charge, ProcessorAnswer, ProcessorGateway, VoidAnswer } from '../ports';
import { scenarioOfNumber } from '../../sandbox/processors/test-cards';
import { freshDb, type TestDb } from '../../test/db';
import { balanceOf } from '../ledger';
import { defaultSettings, type ProcessorHealthRules } from '../settings';
import { saveCard } from './cards';
import { fraudCheck, startAttempt, type PaymentDeps } from './index';
import { claimProbe, healthOf, recordOutcome } from './health';
import { Refusal } from '../refusal';

/**
 * Processor health (issue 32 §4) and the network-failure rule (§5) at the domain: a start that
 * fails in transport is given up and reversed (the next processor may start, the trader is charged
 * once), failures in a row make the processor unhealthy (skipped without asking it), and the first
 * start after the cool-down is the probe whose answer brings it back. The state is in the
 * database: a second instance (another PaymentDeps on the same database) sees it.
 */

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const START = new Date('2026-06-01T10:00:00Z');
const RULES: ProcessorHealthRules = { failureThreshold: 2, coolDownMs: 60_000, probeLeaseMs: 30_000, startTimeoutMs: 40, windowMs: 3_600_000, keepOutcomesMs: 86_400_000 };

/**
 * A processor per name: `up` approves at once; `down` charges nothing and throws (a 5xx);
 * `charges-then-fails` records the charge and then throws (the answer lost on the way);
 * `silent` never answers. Every start, charge and void is recorded.
 */
type Behaviour = 'up' | 'down' | 'charges-then-fails' | 'silent';
function fakeProcessors(behaviour: Partial<Record<CardProcessor, Behaviour>>) {
  const starts: Array<{ processor: CardProcessor; uid: string }> = [];
  const charged = new Set<string>();
  const voided = new Set<string>();
  const gateway: ProcessorGateway = {
    sandbox: true,
    async start(processor: CardProcessor, charge: Charge): Promise<ProcessorAnswer> {
      starts.push({ processor, uid: charge.uid });
      const how = behaviour[processor] ?? 'up';
      if (how === 'down') throw new Error(`${processor}: 503`);
      if (how === 'silent') return new Promise<never>(() => {});
      charged.add(charge.uid);
      if (how === 'charges-then-fails') throw new Error(`${processor}: connection reset after the charge`);
      return { kind: 'approved' };
    },
    check: async () => ({ kind: 'approved' }),
    complete: async () => ({ kind: 'approved' }),
    async void(_processor: CardProcessor, charge: Charge): Promise<VoidAnswer> {
      voided.add(charge.uid);
      return { kind: 'voided' };
    },
  };
  /** the charges that stand at the processors (charged and not reversed) */
  const standing = () => [...charged].filter((uid) => !voided.has(uid));
  return { gateway, starts, standing, behaviour };
}

function clockAt(start: Date) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const year = String(START.getUTCFullYear() + 2);

async function traderWithCard(email: string) {
  const user = await t.db.selectFrom('users').select(['id', 'current_account_id']).where('email', '=', email).executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', user.id).execute();
  const card = await saveCard(t.db, user.id, { cnu: '4242 4242 4242 4242', emm: '01', eyy: year, fn: 'T', ln: 'R', cu: 'PT' }, { now: START, scenarioOf: scenarioOfNumber, sandbox: true, fingerprintSecret: t.config.cardFingerprintSecret });
  return { id: user.id, accountId: user.current_account_id!, card: card.card };
}

function depsOf(gateway: ProcessorGateway, now: () => Date): PaymentDeps {
  return { db: t.db, gateway, settings: defaultSettings, siteHost: t.config.siteHost, events: { paymentUpdated: () => {}, userUpdated: () => {} }, now, dailyCardLimit: 1000, health: RULES };
}

const newPayment = async (deps: PaymentDeps, userId: number, card: string) => (await fraudCheck(deps, userId, { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card })).payment!;

async function refusalOf(call: Promise<unknown>): Promise<Refusal> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

const stateOf = async (processor: string, now: Date) => (await healthOf(t.db, [processor], now, RULES))[0]!;

describe('a start that fails in transport (issue 32 §5)', () => {
  it('is answered 502 card.processor_unreachable, reversed with the processor; the next processor approves and the trader is charged once', async () => {
    const clock = clockAt(START);
    const fake = fakeProcessors({ PFS: 'charges-then-fails' });
    const deps = depsOf(fake.gateway, clock.now);
    const user = await traderWithCard('trader@example.com');
    const before = await balanceOf(t.db, user.accountId);
    const id = await newPayment(deps, user.id, user.card);

    const refused = await refusalOf(startAttempt(deps, user.id, 'PFS', { id }));
    expect([refused.status, refused.key, refused.params]).toEqual([502, 'card.processor_unreachable', { processor: 'PFS' }]);
    const given = await t.db.selectFrom('card_attempts').select(['status', 'code', 'message']).where('payment_id', '=', id).where('processor', '=', 'PFS').executeTakeFirstOrThrow();
    expect(given).toEqual({ status: 'voided', code: 'voided', message: 'Unreachable: the processor did not answer the start (5xx); reversed' });

    // the same start again (a reload, a double click): the same answer, the processor not asked again
    expect((await refusalOf(startAttempt(deps, user.id, 'PFS', { id }))).key).toBe('card.processor_unreachable');
    expect(fake.starts.filter((s) => s.processor === 'PFS')).toHaveLength(1);

    // the next processor may start (the given-up attempt is not in flight) and approves
    expect(await startAttempt(deps, user.id, 'MEIKO', { id })).toMatchObject({ proc: 'MEIKO', return: true, status: 1 });
    expect((await balanceOf(t.db, user.accountId)) - before).toBe(30000n);
    // one charge stands at the processors: MEIKO's; PFS's was reversed
    expect(fake.standing()).toEqual([fake.starts.find((s) => s.processor === 'MEIKO')!.uid]);
    // a given-up attempt is no decline toward the trader's fail limit
    expect(await t.db.selectFrom('card_attempts').select('status').where('payment_id', '=', id).where('status', '=', 'declined').execute()).toEqual([]);
  });

  it('a processor that never answers is given up after startTimeoutMs (counted as a timeout)', async () => {
    const clock = clockAt(START);
    const fake = fakeProcessors({ SHAPE: 'silent' });
    const deps = depsOf(fake.gateway, clock.now);
    const user = await traderWithCard('trader@example.com');
    const id = await newPayment(deps, user.id, user.card);
    expect((await refusalOf(startAttempt(deps, user.id, 'SHAPE', { id }))).key).toBe('card.processor_unreachable');
    const state = await stateOf('SHAPE', START);
    expect([state.failures, state.lastFailure, state.recent.timeout, state.state]).toEqual([1, 'timeout', 1, 'healthy']);
  });
});

describe('an unhealthy processor (issue 32 §4)', () => {
  it('is skipped after failureThreshold transport failures (the card not sent), and comes back after a good probe once the cool-down is over', async () => {
    const clock = clockAt(START);
    const fake = fakeProcessors({ ORANGE: 'down' });
    const deps = depsOf(fake.gateway, clock.now);
    const user = await traderWithCard('trader@example.com');

    for (let i = 0; i < RULES.failureThreshold; i++) {
      const id = await newPayment(deps, user.id, user.card);
      expect((await refusalOf(startAttempt(deps, user.id, 'ORANGE', { id }))).key).toBe('card.processor_unreachable');
    }
    expect(await stateOf('ORANGE', clock.now())).toMatchObject({ state: 'unhealthy', failures: 2, probing: false, lastFailure: 'server_error' });

    // skipped: 503, nothing written for this processor, the processor not asked
    const asked = fake.starts.length;
    const id = await newPayment(deps, user.id, user.card);
    const skipped = await refusalOf(startAttempt(deps, user.id, 'ORANGE', { id }));
    expect([skipped.status, skipped.key]).toEqual([503, 'card.processor_unavailable']);
    expect(fake.starts.length).toBe(asked);
    expect(await t.db.selectFrom('card_attempts').select('id').where('payment_id', '=', id).execute()).toEqual([]);
    // the same payment goes on with the next processor
    expect(await startAttempt(deps, user.id, 'MEIKO', { id })).toMatchObject({ proc: 'MEIKO', status: 1 });

    // another instance (its own deps and gateway object, the same database) skips it too
    const other = fakeProcessors({});
    const otherDeps = depsOf(other.gateway, clock.now);
    const id2 = await newPayment(otherDeps, user.id, user.card);
    expect((await refusalOf(startAttempt(otherDeps, user.id, 'ORANGE', { id: id2 }))).key).toBe('card.processor_unavailable');
    expect(other.starts).toEqual([]);

    // the cool-down over, a failed probe re-opens it for another cool-down
    clock.advance(RULES.coolDownMs);
    expect(await stateOf('ORANGE', clock.now())).toMatchObject({ state: 'unhealthy', probing: true });
    const id3 = await newPayment(deps, user.id, user.card);
    expect((await refusalOf(startAttempt(deps, user.id, 'ORANGE', { id: id3 }))).key).toBe('card.processor_unreachable');
    expect(await stateOf('ORANGE', clock.now())).toMatchObject({ state: 'unhealthy', probing: false, failures: 3 });
    const id4 = await newPayment(deps, user.id, user.card);
    expect((await refusalOf(startAttempt(deps, user.id, 'ORANGE', { id: id4 }))).key).toBe('card.processor_unavailable');

    // the processor is back; after the next cool-down one start is the probe: it answers, the processor is healthy again
    fake.behaviour.ORANGE = 'up';
    clock.advance(RULES.coolDownMs);
    const [probeId, waitingId] = [await newPayment(deps, user.id, user.card), await newPayment(deps, user.id, user.card)];
    const probe = startAttempt(deps, user.id, 'ORANGE', { id: probeId });
    expect(await probe).toMatchObject({ proc: 'ORANGE', status: 'successful' });
    expect(await stateOf('ORANGE', clock.now())).toMatchObject({ state: 'healthy', failures: 0, probing: false });
    // every instance lets it through again
    expect(await startAttempt(otherDeps, user.id, 'ORANGE', { id: waitingId })).toMatchObject({ proc: 'ORANGE', status: 'successful' });
    expect((await stateOf('ORANGE', clock.now())).recent).toMatchObject({ answered: 2, server_error: 3, skipped: 3 });
  });

  it('one probe at a time: while a probe is out, other starts are still skipped', async () => {
    const clock = clockAt(START);
    const fake = fakeProcessors({ ZOOM: 'down' });
    const deps = depsOf(fake.gateway, clock.now);
    const user = await traderWithCard('trader@example.com');
    for (let i = 0; i < RULES.failureThreshold; i++) {
      const id = await newPayment(deps, user.id, user.card);
      await refusalOf(startAttempt(deps, user.id, 'ZOOM', { id }));
    }
    clock.advance(RULES.coolDownMs);
    fake.behaviour.ZOOM = 'silent';
    const [a, b] = [await newPayment(deps, user.id, user.card), await newPayment(deps, user.id, user.card)];
    const results = await Promise.allSettled([startAttempt(deps, user.id, 'ZOOM', { id: a }), startAttempt(deps, user.id, 'ZOOM', { id: b })]);
    const keys = results.map((r) => (r.status === 'rejected' && r.reason instanceof Refusal ? r.reason.key : 'answered')).sort();
    // one was the probe (it timed out), the other was skipped without reaching the processor
    expect(keys).toEqual(['card.processor_unavailable', 'card.processor_unreachable']);
    expect(fake.starts.filter((s) => s.processor === 'ZOOM')).toHaveLength(RULES.failureThreshold + 1);
  });

  it('the claim checks the cool-down itself: a probe that failed between the read and the claim re-opened the circuit, and nothing else probes', async () => {
    const clock = clockAt(START);
    // unhealthy since START, cool-down over: the probe is claimed and fails (the circuit opens again, probe_at freed)
    for (let i = 0; i < RULES.failureThreshold; i++) await recordOutcome(t.db, 'EZPAY', { kind: 'timeout' }, clock.now(), RULES);
    clock.advance(RULES.coolDownMs);
    expect(await claimProbe(t.db, 'EZPAY', clock.now(), RULES)).toBe(true);
    await recordOutcome(t.db, 'EZPAY', { kind: 'timeout' }, clock.now(), RULES);
    // a start that read the row before that failure comes to claim now: the new cool-down holds it back
    expect(await claimProbe(t.db, 'EZPAY', clock.now(), RULES)).toBe(false);
    clock.advance(RULES.coolDownMs);
    expect(await claimProbe(t.db, 'EZPAY', clock.now(), RULES)).toBe(true);
  });
});
