import { describe, expect, it } from 'vitest';
import { BLOCKED_COUNTRIES, CALLING_CODES, COUNTRIES, defaultPrefix, findCountry, isBlockedCountry, isRegulatedCountry, REGULATED_COUNTRIES } from './countries';

describe('the country table (spec 000 §3, issue 30 §5)', () => {
  it('has every entry of the package with a calling code, once, sorted by English name', () => {
    expect(COUNTRIES).toHaveLength(252);
    expect(new Set(COUNTRIES.map((c) => c.iso)).size).toBe(COUNTRIES.length);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const c of COUNTRIES) {
      expect(c.iso).toMatch(/^[A-Z]{2}$/);
      expect(c.prefixes.length).toBeGreaterThan(0);
      expect(c.defaultLang).toMatch(/^([a-z]{2})?$/);
    }
  });

  it('refuses registration for every blocked country', () => {
    const blocked = COUNTRIES.filter((c) => c.block).map((c) => c.iso);
    expect(blocked.sort()).toEqual([...BLOCKED_COUNTRIES].sort());
    for (const c of COUNTRIES) if (c.block) expect(c.allowRegistration).toBe(false);
    expect(COUNTRIES.filter((c) => !c.allowRegistration).map((c) => c.iso).sort()).toEqual(['IR', 'KP', 'MM']);
    expect(isBlockedCountry('KP')).toBe(true);
    expect(isBlockedCountry('DE')).toBe(false);
    expect(isBlockedCountry('ZZ')).toBe(false);
  });

  it('regulates the EEA (the 27 EU members and IS, LI, NO), Cyprus among them, not the UK', () => {
    const regulated = COUNTRIES.filter((c) => c.isRegulated).map((c) => c.iso);
    expect(regulated).toHaveLength(30);
    expect(regulated.sort()).toEqual([...REGULATED_COUNTRIES].sort());
    for (const iso of ['CY', 'DE', 'MT', 'NO', 'LI']) expect(isRegulatedCountry(iso)).toBe(true);
    for (const iso of ['GB', 'CH', 'US', 'RU', 'ZZ']) expect(isRegulatedCountry(iso)).toBe(false);
    // no blocked country is under the licence
    expect(COUNTRIES.some((c) => c.block && c.isRegulated)).toBe(false);
  });

  it('carries the default language, the calling codes and the parent from the package', () => {
    expect(findCountry('DE')).toMatchObject({ name: 'Germany', prefixes: ['49'], defaultLang: 'de', parentId: '', allowRegistration: true });
    expect(findCountry('MT')).toMatchObject({ defaultLang: 'mt', isRegulated: true });
    expect(findCountry('AC')?.parentId).toBe('SH');
    expect(defaultPrefix('US')).toBe('1');
    expect(CALLING_CODES.has('357')).toBe(true);
    expect(findCountry('ZZ')).toBeUndefined();
  });
});
