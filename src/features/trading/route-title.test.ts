import { beforeAll, describe, expect, it } from 'vitest';
import { russianReady } from '../../i18n';
import { en as core } from '../../i18n/en';
import { messages } from './messages';
import { showPages } from '../../app/routes';
import { ROUTE_TITLE_KEYS, routeTitleKey, SHOW_PAGES_WITH_TITLES } from './route-title';

// the Russian texts come in a chunk of their own (withRussian)
beforeAll(() => russianReady());

describe("the trading page's titles", () => {
  it('names each hash route; home and unknown routes are "Trading"', () => {
    expect(routeTitleKey('/show/funding')).toBe('title.funding');
    expect(routeTitleKey('/show/withdrawal/x')).toBe('title.withdrawal');
    expect(routeTitleKey('/sw/validate')).toBe('title.validate');
    expect(routeTitleKey('/listen/funding/orange/1/2')).toBe('title.listen');
    expect(routeTitleKey('/listen-orange/1/2')).toBe('title.listen');
    expect(routeTitleKey('/home')).toBe('title.trading');
    expect(routeTitleKey('/show/nothing')).toBe('title.trading');
    expect(routeTitleKey('/elsewhere')).toBe('title.trading');
  });

  it('every #/show page has a title, and every title is in English and Russian', () => {
    expect(SHOW_PAGES_WITH_TITLES.sort()).toEqual(Object.keys(showPages).sort());
    for (const key of ROUTE_TITLE_KEYS) {
      expect(messages.en, key).toHaveProperty([key]);
      expect(messages.ru, key).toHaveProperty([key]);
    }
    expect(`${messages.en['title.funding']} · ${core['app.name']}`).toBe('Deposit · Brokerage');
  });
});
