import { describe, expect, it } from 'vitest';
import { WithdrawalCase, WithdrawalMethod } from './contract/withdrawal';
import { ASKED_CASES, COIN_METHODS, FIAT_METHODS, NO_WALLET_METHODS, WITHDRAWAL_CASE_NAMES, WITHDRAWAL_CASE_RULES, WITHDRAWAL_CASES, WITHDRAWAL_METHODS, isAskedCase, needsWallet, payoutCoin, withdrawalCase, type WithdrawalFacts } from './withdrawal';

describe('the withdrawal tables', () => {
  it('the contract takes exactly the table’s methods and cases, in its order', () => {
    expect(WithdrawalMethod.options).toEqual(Object.keys(WITHDRAWAL_METHODS));
    expect(WithdrawalCase.options).toEqual(Object.keys(WITHDRAWAL_CASES));
  });

  it('coin tabs are numbered 1… without a gap, the fiat menu 1… without a gap', () => {
    expect(COIN_METHODS.map((m) => m.tab)).toEqual(COIN_METHODS.map((_, i) => i + 1));
    expect(FIAT_METHODS.map((m) => WITHDRAWAL_METHODS[m].menu)).toEqual(FIAT_METHODS.map((_, i) => i + 1));
    expect(FIAT_METHODS).toEqual(['Bank Wire', 'Credit Card', 'Skrill', 'Neteller', 'Ok Pay', 'Perfect Money']);
  });

  it('card, OK Pay and Perfect Money need no destination; coins always do', () => {
    expect(NO_WALLET_METHODS).toEqual(['Credit Card', 'Ok Pay', 'Perfect Money']);
    expect(COIN_METHODS.every((m) => needsWallet(m.method))).toBe(true);
    expect(payoutCoin('Bitcoin_Cash')).toBe('BCH');
    expect(payoutCoin('Skrill')).toBeUndefined();
    expect(payoutCoin('nope')).toBeUndefined();
  });

  it('five goes straight to the final request, verify to the verification; the rest are asked', () => {
    expect(ASKED_CASES).toEqual(['one', 'two', 'three', 'four', 'six']);
    expect(WITHDRAWAL_CASES.five.then).toBe('final');
    expect(WITHDRAWAL_CASES.verify.then).toBe('verify');
  });
});

describe('withdrawalCase: the first rule that holds (spec 002 §4)', () => {
  const plain: WithdrawalFacts = { verified: true, turnoverShortMinor: 0n, pending: false, aboveReview: false, methodUsed: true, coinAtRate: false };
  const every: WithdrawalFacts = { verified: false, turnoverShortMinor: 1n, pending: true, aboveReview: true, methodUsed: false, coinAtRate: true };

  it('answers five when nothing holds', () => {
    expect(withdrawalCase(plain)).toBe('five');
  });

  it('answers each case on its own condition', () => {
    expect(withdrawalCase({ ...plain, verified: false })).toBe('verify');
    expect(withdrawalCase({ ...plain, turnoverShortMinor: 1n })).toBe('two');
    expect(withdrawalCase({ ...plain, pending: true })).toBe('six');
    expect(withdrawalCase({ ...plain, aboveReview: true })).toBe('three');
    expect(withdrawalCase({ ...plain, methodUsed: false })).toBe('one');
    expect(withdrawalCase({ ...plain, coinAtRate: true })).toBe('four');
  });

  it('keeps the order: each rule wins over every rule below it', () => {
    const order = WITHDRAWAL_CASE_RULES.map((r) => r.case);
    expect(order).toEqual(['verify', 'two', 'six', 'three', 'one', 'four', 'five']);
    // drop the conditions from the top one by one: the next row answers each time
    const keys: Array<keyof WithdrawalFacts> = ['verified', 'turnoverShortMinor', 'pending', 'aboveReview', 'methodUsed', 'coinAtRate'];
    let facts = every;
    keys.forEach((key, i) => {
      expect(withdrawalCase(facts)).toBe(order[i]);
      facts = { ...facts, [key]: plain[key] };
    });
    expect(withdrawalCase(facts)).toBe('five');
  });

  it('names every case once, each with a condition in words', () => {
    expect(new Set(WITHDRAWAL_CASE_RULES.map((r) => r.case)).size).toBe(WITHDRAWAL_CASE_RULES.length);
    expect([...WITHDRAWAL_CASE_RULES.map((r) => r.case)].sort()).toEqual([...WITHDRAWAL_CASE_NAMES].sort());
    for (const r of WITHDRAWAL_CASE_RULES) expect(r.when.length).toBeGreaterThan(5);
  });
});

describe('the coin and asked lists derived from the tables', () => {
  it('lists the coin methods by tab', () => {
    expect(COIN_METHODS.map((m) => [m.tab, m.method, m.coin])).toEqual([
      [1, 'Bitcoin', 'BTC'], [2, 'Litecoin', 'LTC'], [3, 'Ethereum', 'ETH'], [4, 'Dash', 'DASH'],
      [5, 'Bitcoin_Cash', 'BCH'], [6, 'Ripple', 'XRP'], [7, 'Zcash', 'ZEC'], [8, 'Monero', 'XMR'],
    ]);
  });

  it('asks the trader to confirm exactly the cases whose next step is a dialog', () => {
    expect(WITHDRAWAL_CASE_NAMES.filter(isAskedCase)).toEqual(['one', 'two', 'three', 'four', 'six']);
    expect(isAskedCase('five')).toBe(false);
    expect(isAskedCase('verify')).toBe(false);
  });
});

