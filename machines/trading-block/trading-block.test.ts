import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { signatureMachine } from '../signature/signature.machine';
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
  const saved = signatureMachine.provide({ actors: { saveSignature: fromPromise(async () => ({ documentId: 'doc-1' })) } });
  const start = (reopens = 0) =>
    createActor(tradingBlockMachine.provide({ actors: { signature: saved } }), {
      input: { facts: blocked, reopens },
    }).start();
  const signature = (actor: ReturnType<typeof start>) => actor.getSnapshot().children.signature as ActorRefFrom<typeof signatureMachine> | undefined;

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

  it('the modal holds the signature child: it asks for a stroke and the agreement; once saved, trading unlocks and the user is refreshed', async () => {
    let refreshed = 0;
    const actor = createActor(
      tradingBlockMachine.provide({ actors: { signature: saved }, actions: { refreshUser: () => void refreshed++ } }),
      { input: { facts: blocked } },
    ).start();
    const child = signature(actor)!;
    expect(child.getSnapshot().context.agreement).toBe(true);
    child.send({ type: 'sign.save', image: 'data:image/png;base64,' });
    expect(child.getSnapshot().context.error?.key).toBe('signature.empty');
    child.send({ type: 'pad.changed', empty: false });
    child.send({ type: 'sign.save', image: 'data:image/png;base64,' });
    expect(child.getSnapshot().context.error?.key).toBe('block.agree_required');
    child.send({ type: 'agree.set', value: true });
    child.send({ type: 'sign.save', image: 'data:image/png;base64,' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.facts.signed).toBe(true);
    expect(refreshed).toBe(1);
    expect(signature(actor)).toBeUndefined();
  });

  it('closing the modal stops the signature; opening it again starts a fresh pad', () => {
    const actor = start();
    signature(actor)!.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.close' });
    expect(signature(actor)).toBeUndefined();
    actor.send({ type: 'sign.open' });
    expect(signature(actor)!.getSnapshot().context).toMatchObject({ empty: true, agree: false, error: null });
  });
});
