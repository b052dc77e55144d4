import { describe, expect, it } from 'vitest';
import { WithdrawalCase, WithdrawalMethod } from './contract/withdrawal';
import { ASKED_CASES, COIN_METHODS, FIAT_METHODS, NO_WALLET_METHODS, WITHDRAWAL_CASES, WITHDRAWAL_METHODS, needsWallet, payoutCoin } from './withdrawal';

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
