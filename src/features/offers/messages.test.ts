import { describe, expect, it } from 'vitest';
import { OFFER_KINDS } from '../../../core/contract/offers';
import { messages } from './messages';

/** Every offer kind of core/contract/offers.ts has its title, terms and acceptance in every language (the dialog builds the keys from the kind). */
describe('offer texts for OFFER_KINDS', () => {
  it.each(['en', 'ru'] as const)('%s has a title, terms and an accepted text for every kind', (lang) => {
    const texts: Record<string, string> = messages[lang];
    const missing = OFFER_KINDS.filter((kind) => {
      const terms = kind === 'giveaway' ? [`offers.${kind}.terms`] : [`offers.${kind}.terms_one`, `offers.${kind}.terms_other`];
      return [`offers.${kind}.title`, `offers.${kind}.accepted`, ...terms].some((key) => !texts[key]);
    });
    expect(OFFER_KINDS).toHaveLength(3);
    expect(missing).toEqual([]);
  });
});
