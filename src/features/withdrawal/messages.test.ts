import { describe, expect, it } from 'vitest';
import { ASKED_CASES, FIAT_METHODS, WITHDRAWAL_METHODS } from '../../../core/withdrawal';
import { WITHDRAWAL_TABS } from '../../../machines/withdrawal/withdrawal.tabs';
import { messages } from './messages';

/** Every entry of the withdrawal tables (core/withdrawal.ts) has its texts in every language: a new method or case without them fails here. */
describe('withdrawal texts for the tables', () => {
  const needed = [
    ...WITHDRAWAL_TABS.map((t) => `withdrawal.tab.${t.id}`),
    ...WITHDRAWAL_TABS.flatMap((t) => (t.alt ? [`withdrawal.alt.${t.alt}`] : [])),
    ...FIAT_METHODS.map((m) => `withdrawal.method.${m}`),
    ...FIAT_METHODS.filter((m) => WITHDRAWAL_METHODS[m].wallet).map((m) => `withdrawal.wallet.${m}`),
    ...ASKED_CASES.flatMap((c) => [`withdrawal.case.${c}.title`, `withdrawal.case.${c}.body`]),
  ];

  it.each(Object.keys(messages) as (keyof typeof messages)[])('%s has a text for every tab, fiat method, destination and asked case', (lang) => {
    const texts: Record<string, string> = messages[lang];
    expect(needed.length).toBe(10 + 2 + 6 + 3 + 10);
    expect(needed.filter((key) => !texts[key])).toEqual([]);
  });
});
