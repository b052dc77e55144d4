import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { attentionMachine, PROMOTION_SETTLE_MS } from './attention.machine';
import type { AttentionEmitted, AttentionInput, AttentionRequest } from './attention.types';

const TODAY = '2026-11-28';
const block: AttentionRequest = { id: 'trading-block', kind: 'trading-block', priority: 'mandatory' };
const weekend: AttentionRequest = { id: 'weekend-contest', kind: 'weekend-contest', priority: 'promotional' };
const welcome: AttentionRequest = { id: 'welcome', kind: 'welcome', priority: 'promotional' };
const offer: AttentionRequest = { id: 'offer-7', kind: 'timed-offer', priority: 'promotional' };
const result: AttentionRequest = { id: 'paid', kind: 'card-result', priority: 'money-result', page: 'show/funding' };
const toast: AttentionRequest = { id: 'toast-1', kind: 'toast', priority: 'toast' };
const chat: AttentionRequest = { id: 'chat', kind: 'chat', priority: 'chat' };

/** the arbiter on a simulated clock, with what it told the features */
function arbiter(input: Partial<AttentionInput> = {}, keep: { seen: Array<[string, string]>; chat: number } = { seen: [], chat: 0 }) {
  const clock = new SimulatedClock();
  const flow = attentionMachine.provide({
    actions: {
      keepSeen: ({ context }) => void keep.seen.push([context.shown!.id, context.today]),
      keepChatOpened: () => void (keep.chat += 1),
    },
  });
  const actor = createActor(flow, { input: { today: TODAY, ...input }, clock });
  const told: string[] = [];
  for (const type of ['attention.granted', 'attention.refused', 'attention.withdrawn'] as const) actor.on(type, (e: AttentionEmitted) => told.push(`${type.slice(10)} ${e.id}`));
  actor.start();
  return {
    actor,
    told,
    keep,
    shown: () => actor.getSnapshot().context.shown?.id ?? null,
    ask: (request: AttentionRequest) => actor.send({ type: 'attention.request', request }),
    release: (id: string) => actor.send({ type: 'attention.release', id }),
    wait: (ms: number) => clock.increment(ms),
  };
}

describe('attention arbiter', () => {
  it('mandatory first: a promotion waits while the agreement is pending, and a mandatory step takes the screen from a promotion', () => {
    const a = arbiter();
    a.ask(weekend);
    a.ask(block);
    a.wait(PROMOTION_SETTLE_MS);
    expect(a.shown()).toBe('trading-block');
    a.wait(60_000);
    expect(a.told).toEqual(['granted trading-block']);
    a.release('trading-block');
    a.wait(PROMOTION_SETTLE_MS);
    expect(a.shown()).toBe('weekend-contest');
    // the agreement is needed again (a new deposit): the promotion gives way and waits
    a.ask(block);
    expect(a.shown()).toBe('trading-block');
    expect(a.told.slice(-2)).toEqual(['withdrawn weekend-contest', 'granted trading-block']);
    a.release('trading-block');
    a.wait(PROMOTION_SETTLE_MS);
    expect(a.shown()).toBe('weekend-contest');
  });

  it('nothing interrupts a money flow: requests wait until the last flow ends, toasts too', () => {
    const a = arbiter();
    a.actor.send({ type: 'attention.busy', flow: 'card' });
    a.actor.send({ type: 'attention.busy', flow: 'two-factor' });
    a.ask(block);
    a.ask(toast);
    a.ask(offer);
    a.wait(10 * PROMOTION_SETTLE_MS);
    expect(a.shown()).toBeNull();
    expect(a.told).toEqual([]);
    a.actor.send({ type: 'attention.idle', flow: 'card' });
    expect(a.told).toEqual([]);
    a.actor.send({ type: 'attention.idle', flow: 'two-factor' });
    expect(a.told).toEqual(['granted toast-1', 'granted trading-block']);
  });

  it('at most one promotion a visit: the most important of those asked together wins, the rest are refused', () => {
    const a = arbiter();
    a.ask(offer);
    a.ask(weekend);
    a.ask(welcome);
    a.wait(PROMOTION_SETTLE_MS - 1);
    expect(a.shown()).toBeNull();
    a.wait(1);
    expect(a.shown()).toBe('welcome');
    a.release('welcome');
    expect(a.told).toEqual(['granted welcome', 'refused offer-7', 'refused weekend-contest']);
    a.ask(weekend);
    expect(a.told.at(-1)).toBe('refused weekend-contest');
    expect(a.shown()).toBeNull();
  });

  it('the same promotion at most once a day: closing it is kept with the day, and a trader who closed it today is not asked again', () => {
    const keep = { seen: [] as Array<[string, string]>, chat: 0 };
    const first = arbiter({}, keep);
    first.ask(weekend);
    first.wait(PROMOTION_SETTLE_MS);
    first.release('weekend-contest');
    expect(keep.seen).toEqual([['weekend-contest', TODAY]]);
    // the next sign-in, the same day: the trader's memory comes back as input
    const next = arbiter({ seen: { 'weekend-contest': TODAY } });
    next.ask(weekend);
    next.wait(PROMOTION_SETTLE_MS);
    expect(next.told).toEqual(['refused weekend-contest']);
    // another promotion may still have this visit's one place
    next.ask(offer);
    next.wait(PROMOTION_SETTLE_MS);
    expect(next.shown()).toBe('offer-7');
    // the next day it may show again
    const tomorrow = arbiter({ today: '2026-11-29', seen: { 'weekend-contest': TODAY } });
    tomorrow.ask(weekend);
    tomorrow.wait(PROMOTION_SETTLE_MS);
    expect(tomorrow.shown()).toBe('weekend-contest');
  });

  it('one overlay at a time: a money result waits for the one on screen and closes when its page is left', () => {
    const a = arbiter();
    a.ask(block);
    a.ask(result);
    expect(a.shown()).toBe('trading-block');
    a.release('trading-block');
    expect(a.shown()).toBe('paid');
    a.actor.send({ type: 'attention.leave', page: 'show/funding' });
    expect(a.shown()).toBe('paid');
    a.actor.send({ type: 'attention.leave', page: 'home' });
    expect(a.shown()).toBeNull();
    expect(a.told.at(-1)).toBe('withdrawn paid');
    // a result still waiting for another page is dropped with it
    a.actor.send({ type: 'attention.busy', flow: 'card' });
    a.ask({ ...result, id: 'paid-2' });
    a.actor.send({ type: 'attention.leave', page: 'show/withdrawal' });
    a.actor.send({ type: 'attention.idle', flow: 'card' });
    expect(a.shown()).toBeNull();
    expect(a.told.at(-1)).toBe('refused paid-2');
  });

  it('the chat opens by itself at once when it asks (its column covers nothing), with an overlay shown and a money flow running, once per browser', () => {
    const keep = { seen: [] as Array<[string, string]>, chat: 0 };
    const a = arbiter({}, keep);
    a.ask(block);
    a.actor.send({ type: 'attention.busy', flow: 'card' });
    a.ask(chat);
    expect(a.told).toEqual(['granted trading-block', 'granted chat']);
    expect(keep.chat).toBe(1);
    // the overlay on screen is not taken back for it
    expect(a.shown()).toBe('trading-block');
    // asked again in the same visit (the panel mounted again): no second answer
    a.ask(chat);
    a.wait(10_000);
    expect(a.told).toEqual(['granted trading-block', 'granted chat']);
    // a browser where it already opened once: refused
    const again = arbiter({ chatAutoOpened: true });
    again.ask(chat);
    expect(again.told).toEqual(['refused chat']);
  });

  it('the day comes from the input (an injected clock), never from the machine', () => {
    const a = arbiter({ today: '2030-01-01' });
    expect(a.actor.getSnapshot().context.today).toBe('2030-01-01');
  });
});
