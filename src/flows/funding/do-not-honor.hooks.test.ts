import { describe, expect, it, vi } from 'vitest';
import { TABS, visibleTabs } from '../../../machines/funding/tabs';
import { ALTERNATIVE_GROUPS, connectDoNotHonor, doNotHonorAlternatives } from './do-not-honor.hooks';

/** The spec's tabs: a scenario pins which of them it offers (a method added to the table joins its kind's group). */
const SPEC_TABS = new Set(['card', 'jcb', 'bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins', 'neteller', 'skrill', 'perfect', 'vload', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat']);
const ofSpec = (groups: ReturnType<typeof doNotHonorAlternatives>) => groups.map(({ group, tabs }) => ({ group, tabs: tabs.filter((tab) => SPEC_TABS.has(tab)) }));

describe('the do-not-honor dialog offers the methods the trader can use (the visible tabs), each switching to its tab', () => {
  it('an English USD trader in Germany: every coin, bank and fiat, the wallets but Skrill (hidden there) and the Russian ones, Vload', () => {
    const tabs = visibleTabs({ lang: 'en', currency: 'USD', country: 'DE', vloadHidden: false });
    expect(ofSpec(doNotHonorAlternatives(tabs))).toEqual([
      { group: 'crypto', tabs: ['bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins'] },
      { group: 'bank', tabs: ['bank', 'fiat'] },
      { group: 'wallet', tabs: ['neteller', 'perfect', 'okpay'] },
      { group: 'voucher', tabs: ['vload'] },
    ]);
  });

  it('in Russian in Portugal: Skrill and WebMoney, ЮMoney, QIWI too; Vload hidden by the settings: no voucher group', () => {
    const tabs = visibleTabs({ lang: 'ru', currency: 'USD', country: 'PT', vloadHidden: true });
    const groups = ofSpec(doNotHonorAlternatives(tabs));
    expect(groups.find((g) => g.group === 'wallet')?.tabs).toEqual(['neteller', 'skrill', 'perfect', 'webmoney', 'yandex', 'qiwi', 'okpay']);
    expect(groups.map((g) => g.group)).toEqual(['crypto', 'bank', 'wallet']);
  });

  it('never a card tab, never a tab the trader does not see; no visible tab: no choice (only Close)', () => {
    const offered = doNotHonorAlternatives(TABS).flatMap((g) => g.tabs);
    expect(offered).not.toContain('card');
    expect(offered).not.toContain('jcb');
    // every non-card tab belongs to a group: a method added to the tabs is offered once it is visible
    expect(offered.length).toBe(TABS.length - 2);
    expect(ALTERNATIVE_GROUPS.flatMap((g) => g.tabs).length).toBe(new Set(offered).size);
    expect(doNotHonorAlternatives(['card', 'bitcoin', 'bank'])).toEqual([
      { group: 'crypto', tabs: ['bitcoin'] },
      { group: 'bank', tabs: ['bank'] },
    ]);
    expect(doNotHonorAlternatives([])).toEqual([]);
  });

  it('each button sends dialog.tab with its tab; titles and labels are message keys', () => {
    const send = vi.fn();
    const v = connectDoNotHonor(['card', 'bitcoin', 'neteller', 'fiat'], send);
    expect(v.groups.map((g) => g.title)).toEqual(['cascade.dnh.group.crypto', 'cascade.dnh.group.bank', 'cascade.dnh.group.wallet']);
    const neteller = v.groups[2]!.options[0]!;
    expect(neteller.label).toBe('funding.tab.neteller');
    neteller.onSelect();
    expect(send).toHaveBeenCalledWith({ type: 'dialog.tab', tab: 'neteller' });
  });
});
