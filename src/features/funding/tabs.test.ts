import { describe, expect, it } from 'vitest';
import { messages as reportMessages } from '../reports/messages';
import { ALTERNATIVE_KINDS, FUNDING_METHODS, METHOD_NAMES, METHODS, methodLabel, TABS, type FundingMethodId } from '../../../core/methods';
import { messages } from './messages';
import { fundingTabViews } from './tabs';

const tabView = (tab: keyof typeof fundingTabViews) => fundingTabViews[tab];

const ids = Object.keys(FUNDING_METHODS) as FundingMethodId[];

describe('the deposit methods table (core/methods.ts)', () => {
  it('gives every method its display name in English and in Russian', () => {
    const missing = (['en', 'ru'] as const).flatMap((lang) =>
      ids.filter((id) => !(messages[lang] as Record<string, string>)[methodLabel(id)]?.trim()).map((id) => `${lang}: ${methodLabel(id)}`),
    );
    expect(missing).toEqual([]);
  });

  it('gives every bank and voucher method its name in the history, in English and in Russian (a wallet is named by its provider)', () => {
    const ours = ids.filter((id) => FUNDING_METHODS[id].kind === 'bank' || FUNDING_METHODS[id].kind === 'voucher');
    expect(ours).toEqual(expect.arrayContaining(['vload', 'bank', 'fiat']));
    for (const lang of ['en', 'ru'] as const) for (const id of ours) expect((reportMessages[lang] as Record<string, string>)[`history.method.${id}`], `${lang} ${id}`).toMatch(/\S/);
  });

  it('gives every tab a view (its flow kind\'s), and each kind one view for all its tabs', () => {
    expect(TABS.length).toBeGreaterThan(0);
    for (const tab of TABS) expect(tabView(tab), tab).toBeTypeOf('function');
    expect(tabView('bitcoin')).toBe(tabView('usdt'));
    expect(tabView('card')).toBe(tabView('jcb'));
    expect(tabView('bank')).toBe(tabView('fiat'));
    expect(tabView('neteller')).not.toBe(tabView('card'));
  });

  it('names every wallet provider and groups every tab but the cards in the do-not-honor dialog', () => {
    for (const id of METHODS) expect(METHOD_NAMES[id], id).toMatch(/\S/);
    const offered: readonly string[] = ALTERNATIVE_KINDS;
    expect(TABS.filter((tab) => !offered.includes(FUNDING_METHODS[tab].kind))).toEqual(['card', 'jcb']);
  });
});
