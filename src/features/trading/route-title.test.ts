import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { ru } from '../../i18n/ru';
import { NOT_FOUND_TEXT } from '../../../core/site-pages';
import { showPages } from '../../app/routes';
import { ROUTE_TITLE_KEYS, routeTitleKey, SHOW_PAGES_WITH_TITLES } from './route-title';

describe("the trading page's titles (issue 27 §7)", () => {
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
      expect(en, key).toHaveProperty([key]);
      expect(ru, key).toHaveProperty([key]);
    }
    expect(`${en['title.funding']} · ${en['app.name']}`).toBe('Deposit · Brokerage');
  });

  it("the 404 page says in the app what the server's static page says", () => {
    for (const [lang, dict] of [['en', en], ['ru', ru]] as const) {
      const text = NOT_FOUND_TEXT[lang];
      expect(dict['not_found.heading']).toBe(text.heading);
      expect(dict['not_found.body']).toBe(text.body);
      expect(dict['not_found.home']).toBe(text.home);
      expect(dict['title.not_found']).toBe(text.title);
      expect(dict['app.name']).toBe(text.site);
      expect(dict['description.not_found']).toBe(text.description);
    }
  });
});
