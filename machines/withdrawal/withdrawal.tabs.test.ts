import { describe, expect, it } from 'vitest';
import { needsWallet, NO_WALLET_METHODS, positiveAmount, tabById, WITHDRAWAL_TABS } from './withdrawal.tabs';

/** The withdrawal tabs and the amount rule (spec 002 §2, §5): what the generated paths do not reach (mutation score). */
describe('withdrawal tabs', () => {
  it('are the spec numbers 1-10: eight coins paid out in the coin, then EUR and USD in fiat', () => {
    expect(WITHDRAWAL_TABS.map((t) => `${t.n} ${t.id} ${t.currency} ${t.crypto ? 'crypto' : 'fiat'} ${t.methods.join('/')}`)).toEqual([
      '1 bitcoin BTC crypto Bitcoin',
      '2 litecoin LTC crypto Litecoin',
      '3 ethereum ETH crypto Ethereum',
      '4 dash DASH crypto Dash',
      '5 bitcoin_cash BCH crypto Bitcoin_Cash',
      '6 ripple XRP crypto Ripple',
      '7 zcash ZEC crypto Zcash',
      '8 monero XMR crypto Monero',
      '9 eur EUR fiat Bank Wire/Credit Card/Skrill/Neteller/Ok Pay/Perfect Money',
      '10 usd USD fiat Bank Wire/Credit Card/Skrill/Neteller/Ok Pay/Perfect Money',
    ]);
    expect(tabById('monero').currency).toBe('XMR');
    // the second field: Ripple's destination tag and Monero's payment id, no other tab has one
    expect(WITHDRAWAL_TABS.filter((t) => t.alt !== null).map((t) => [t.id, t.alt])).toEqual([['ripple', 'ripple'], ['monero', 'monero']]);
    expect(tabById('bitcoin').alt).toBeNull();
    expect(tabById('nope').id).toBe('bitcoin');
  });

  it('card, OK Pay and Perfect Money pay out without a wallet address; every other method needs one', () => {
    expect([...NO_WALLET_METHODS]).toEqual(['Credit Card', 'Ok Pay', 'Perfect Money']);
    expect(['Credit Card', 'Ok Pay', 'Perfect Money'].map(needsWallet)).toEqual([false, false, false]);
    expect(['Bank Wire', 'Skrill', 'Neteller', 'Bitcoin', 'Monero'].map(needsWallet)).toEqual([true, true, true, true, true]);
  });

  it('an amount is a positive decimal (comma read as the point, spaces trimmed), nothing else', () => {
    expect(positiveAmount(' 12,5 ')).toBe('12.5');
    expect(positiveAmount('0.0001')).toBe('0.0001');
    expect(positiveAmount('10')).toBe('10');
    for (const bad of ['', '0', '0.0', '00.', '.5', '5.', '12.5x', 'x12.5', '-1', '1e3', '1.2.3', '1234567890123456789']) {
      expect(positiveAmount(bad), bad).toBeNull();
    }
    expect(positiveAmount('100')).toBe('100');
  });
});
