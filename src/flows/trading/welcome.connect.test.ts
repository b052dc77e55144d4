import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { welcomeMachine } from '../../../machines/welcome/welcome.machine';
import type { BlockFacts } from '../../../machines/trading-block/trading-block.types';
import { tradingAfterAutologin } from '../login/autologin.flow';
import { hasFirst } from '../shell/navigation';
import { connectWelcome, seenKey, withoutFirst } from './welcome.connect';

const fresh: BlockFacts = { verified: false, deposited: false, last_count: 0, signed: false };

function snapshotIn(value: string, facts: BlockFacts = fresh): SnapshotFrom<typeof welcomeMachine> {
  const initial = createActor(welcomeMachine, { input: { userId: '7', first: true, seen: false, facts } }).getSnapshot();
  return welcomeMachine.resolveState({ value, context: { ...initial.context, facts } });
}

describe('connectWelcome', () => {
  it('shown before a deposit: Deposit offered; the handlers send deposit and close', () => {
    const send = vi.fn();
    const api = connectWelcome(snapshotIn('shown'), send);
    expect(api).toMatchObject({ shown: true, showDeposit: true });
    api.onDeposit();
    api.onClose();
    expect(send.mock.calls).toEqual([[{ type: 'welcome.deposit' }], [{ type: 'welcome.close' }]]);
  });

  it('the card is a region named by its title; its buttons send deposit and close', () => {
    const send = vi.fn();
    const api = connectWelcome(snapshotIn('shown'), send);
    expect(api.getRegionProps()).toEqual({ role: 'region', 'aria-labelledby': 'welcome-title' });
    expect(api.getTitleProps()).toEqual({ id: 'welcome-title' });
    api.getDepositProps().onClick();
    api.getStartProps().onClick();
    expect(send.mock.calls).toEqual([[{ type: 'welcome.deposit' }], [{ type: 'welcome.close' }]]);
  });

  it('shown after a deposit: no Deposit', () => {
    expect(connectWelcome(snapshotIn('shown', { ...fresh, deposited: true, signed: true }), vi.fn())).toMatchObject({ shown: true, showDeposit: false });
  });

  it('nothing on screen while waiting under the trading block, when closed, gone to funding or off', () => {
    for (const value of ['waiting', 'closed', 'funding', 'off']) {
      expect(connectWelcome(snapshotIn(value), vi.fn())).toMatchObject({ shown: false, showDeposit: false });
    }
  });
});

describe('the machine from its input', () => {
  const start = (input: { first: boolean; seen: boolean; facts: BlockFacts }) => {
    const remember = vi.fn();
    const goToFunding = vi.fn();
    const actor = createActor(welcomeMachine.provide({ actions: { remember, goToFunding } }), { input: { userId: '7', ...input } }).start();
    return { actor, remember, goToFunding };
  };

  it('a first visit shows it; Start trading remembers the trader', () => {
    const { actor, remember, goToFunding } = start({ first: true, seen: false, facts: fresh });
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'welcome.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(remember).toHaveBeenCalledWith(expect.anything(), { userId: '7' });
    expect(goToFunding).not.toHaveBeenCalled();
  });

  it('Deposit remembers first (the address loses first), then opens funding', () => {
    const order: string[] = [];
    const actor = createActor(
      welcomeMachine.provide({ actions: { remember: () => order.push('remember'), goToFunding: () => order.push('funding') } }),
      { input: { userId: '7', first: true, seen: false, facts: fresh } },
    ).start();
    actor.send({ type: 'welcome.deposit' });
    expect(actor.getSnapshot().value).toBe('funding');
    expect(order).toEqual(['remember', 'funding']);
  });

  it('the trading block wins: an unverified trader who deposited waits until signed', () => {
    const { actor } = start({ first: true, seen: false, facts: { ...fresh, deposited: true } });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'user.changed', facts: { ...fresh, deposited: true, signed: true } });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(connectWelcome(actor.getSnapshot(), vi.fn()).showDeposit).toBe(false);
  });

  it('seen before: never shown, first still taken out; without first: nothing at all', () => {
    const seen = start({ first: true, seen: true, facts: fresh });
    expect(seen.actor.getSnapshot().value).toBe('closed');
    expect(seen.remember).toHaveBeenCalledTimes(1);
    const plain = start({ first: false, seen: false, facts: fresh });
    expect(plain.actor.getSnapshot().value).toBe('off');
    expect(plain.remember).not.toHaveBeenCalled();
  });
});

describe('the address', () => {
  it('first is found with or without a value, and removed keeping the rest and the hash', () => {
    expect(hasFirst('?first=1')).toBe(true);
    expect(hasFirst('?a=2&first')).toBe(true);
    expect(hasFirst('?firstly=1')).toBe(false);
    expect(withoutFirst('http://x.test/en/trading?first=1#/home')).toBe('/en/trading#/home');
    expect(withoutFirst('http://x.test/en/trading?message=hi&first=1#/home')).toBe('/en/trading?message=hi#/home');
    expect(seenKey('42')).toBe('trading.welcome.seen.42');
  });

  it('an autologin from registration passes first on to the trading page', () => {
    expect(tradingAfterAutologin('en', 'home', true)).toBe('/en/trading?first=1#/home');
    expect(tradingAfterAutologin('ru', 'show/funding', false)).toBe('/ru/trading#/show/funding');
    expect(tradingAfterAutologin('en', 'https://evil.example', true)).toBe('/en/trading?first=1');
  });
});
