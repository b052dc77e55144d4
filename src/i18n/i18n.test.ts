import { describe, expect, it } from 'vitest';
import { en } from './en';
import { makeTranslator, registerMessages } from './index';
import { ru } from './ru';

describe('translator', () => {
  const t = makeTranslator('en', en);
  it('translates a known key with parameters', () => {
    expect(t.t('login.demo_hint', { email: 'a@b.c', password: 'pw' })).toBe('Sandbox demo login: a@b.c / pw');
  });
  it('shows the server text for a key it does not know, and server_error when there is none', () => {
    expect(t.text({ key: 'withdrawal.new_rule', fallback: 'Limit reached' })).toBe('Limit reached');
    expect(t.text({ key: 'withdrawal.new_rule' })).toBe(en.server_error);
  });
  it('prefers its own translation over the server text', () => {
    expect(makeTranslator('ru', ru).text({ key: 'login.password', fallback: 'Wrong email or password' })).toBe(ru['login.password']);
  });
  it('area dictionaries registered at run time are found in the current language, else English', () => {
    registerMessages({ en: { 'area.hello': 'Hello {name}', 'area.only_en': 'Only English' }, ru: { 'area.hello': 'Привет {name}' } as Record<string, string> });
    const ruT = makeTranslator('ru', ru);
    expect(ruT.t('area.hello', { name: 'Ann' })).toBe('Привет Ann');
    expect(ruT.t('area.only_en')).toBe('Only English');
  });
  it('Russian has every English key, none left in English by mistake', () => {
    const fold = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(one|few|many|other)$/, '[plural]')))].sort();
    expect(fold(Object.keys(ru))).toEqual(fold(Object.keys(en)));
    const same = Object.keys(en).filter((k) => ru[k as keyof typeof en] === en[k as keyof typeof en]);
    expect(same.sort()).toEqual(['common.ok', 'lang.en', 'lang.ru']);
  });
});
