import { describe, expect, it } from 'vitest';
import { TABS, visibleTabs } from './tabs';

/** The spec's tabs (spec 001 §2), in its order. */
const SPEC_TABS = ['card', 'jcb', 'bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins', 'neteller', 'skrill', 'perfect', 'vload', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat'];

describe('the funding tabs a trader is offered', () => {
  it('are the methods table\'s tabs, the spec\'s among them in the spec\'s order', () => {
    const tabs = visibleTabs({ lang: 'ru', currency: 'RUB', country: 'RU', vloadHidden: false });
    // a Russian page of a RUB account in Russia is offered every tab
    expect(tabs).toEqual([...TABS]);
    expect(tabs.filter((tab) => SPEC_TABS.includes(tab))).toEqual(SPEC_TABS);
    // Vload hidden by the settings (no_vload)
    expect(visibleTabs({ lang: 'ru', currency: 'RUB', country: 'RU', vloadHidden: true })).not.toContain('vload');
    // the Russian methods only in Russian or for a RUB account
    expect(visibleTabs({ lang: 'en', currency: 'USD', country: 'NL', vloadHidden: false })).not.toContain('qiwi');
  });

  it('hide Skrill for its 15 countries (the server refuses it there too)', () => {
    for (const country of ['DE', 'GB', 'US', 'JP', 'ae']) expect(visibleTabs({ lang: 'en', currency: 'USD', country, vloadHidden: false })).not.toContain('skrill');
    expect(visibleTabs({ lang: 'en', currency: 'USD', country: 'NL', vloadHidden: false })).toContain('skrill');
  });
});
