import { describe, expect, it } from 'vitest';
import { visibleTabs, WORKING_TABS } from './tabs';

describe('the funding tabs a trader is offered', () => {
  it('are only the methods that work end to end: no placeholder tab', () => {
    const tabs = visibleTabs({ lang: 'ru', currency: 'RUB', country: 'RU', vloadHidden: false });
    for (const tab of tabs) expect(WORKING_TABS).toContain(tab);
    // every method of the spec works end to end now (issue 14: each joined after its browser test), in the spec's order
    expect(tabs).toEqual(['card', 'jcb', 'bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins', 'neteller', 'skrill', 'perfect', 'vload', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat']);
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
