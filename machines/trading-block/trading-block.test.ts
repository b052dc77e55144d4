import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isTradingBlocked, MAX_REOPENS, tradingBlockMachine } from './trading-block.machine';
import type { BlockFacts } from './trading-block.types';

const blocked: BlockFacts = { verified: false, deposited: true, last_count: 0, signed: false };

describe('the trading block rule (002 §4)', () => {
  it('holds only when not Full, deposited or has last_count, and not signed', () => {
    expect(isTradingBlocked(blocked)).toBe(true);
    expect(isTradingBlocked({ ...blocked, deposited: false, last_count: 1 })).toBe(true);
    expect(isTradingBlocked({ ...blocked, deposited: false })).toBe(false);
    expect(isTradingBlocked({ ...blocked, verified: true })).toBe(false);
    expect(isTradingBlocked({ ...blocked, signed: true })).toBe(false);
  });
});

describe('trading block machine', () => {
  const start = (reopens = 0) =>
    createActor(tradingBlockMachine.provide({ actors: { sign: fromPromise(async () => ({ ok: true as const })) } }), {
      input: { facts: blocked, reopens },
    }).start();

  it('reopens the modal for up to 10 clicks; its button always opens it', () => {
    const actor = start();
    expect(actor.getSnapshot().matches({ blocked: 'modal' })).toBe(true);
    for (let i = 1; i <= MAX_REOPENS; i++) {
      actor.send({ type: 'sign.close' });
      actor.send({ type: 'block.click' });
      expect(actor.getSnapshot().matches({ blocked: 'modal' }), `click ${i}`).toBe(true);
    }
    actor.send({ type: 'sign.close' });
    actor.send({ type: 'block.click' });
    expect(actor.getSnapshot().matches({ blocked: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.reopens).toBe(MAX_REOPENS);
    actor.send({ type: 'sign.open' });
    expect(actor.getSnapshot().matches({ blocked: 'modal' })).toBe(true);
  });

  it('a user refresh while locked does not pop the modal up again; a refresh that lifts the rule unlocks', () => {
    const actor = start(3);
    actor.send({ type: 'sign.close' });
    actor.send({ type: 'user.changed', facts: { ...blocked, last_count: 4 } });
    expect(actor.getSnapshot().matches({ blocked: 'closed' })).toBe(true);
    actor.send({ type: 'user.changed', facts: { ...blocked, verified: true } });
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('signing unlocks; a name or consent missing says which', async () => {
    const actor = start();
    actor.send({ type: 'sign.submit', name: 'Sandbox Trader', agree: false });
    expect(actor.getSnapshot().context.error?.key).toBe('block.agree_required');
    actor.send({ type: 'sign.submit', name: ' ', agree: true });
    expect(actor.getSnapshot().context.error?.key).toBe('block.name_required');
    actor.send({ type: 'sign.submit', name: 'Sandbox Trader', agree: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.facts.signed).toBe(true);
  });
});
