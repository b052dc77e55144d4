import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Msg } from '../../core/message';
import { en, type MessageKey } from './en';

export const LANGUAGES = ['en', 'ru'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type Dict = Record<string, string>;

export const isLang = (value: string | undefined): value is Lang => LANGUAGES.includes(value as Lang);

/** English core texts are bundled; other languages load on demand so the login page stays small. */
export async function loadDict(lang: Lang): Promise<Dict> {
  if (lang === 'ru') {
    const [{ ru }] = await Promise.all([import('./ru'), loadLaterRussian()]);
    return ru;
  }
  return en;
}

/** the language of this page's address (/{lang}/…), which a page keeps until it is left */
const addressLang = (): Lang => {
  const first = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  return isLang(first) ? first : 'en';
};

/** areas whose Russian texts this page has not loaded: a page that switches in place (the explorer) loads them first */
const laterRussian = new Set<() => Promise<void>>();

async function loadLaterRussian(): Promise<void> {
  const loads = [...laterRussian];
  laterRussian.clear();
  await Promise.all(loads.map((load) => load()));
}

/** the Russian texts this page asked for and has not received yet */
const russianOnItsWay = new Set<Promise<void>>();

/**
 * Resolves once every area's Russian texts this page asked for are in: the pages that load with a
 * chunk of their own wait for it before they render (src/ui/preloadable.tsx), so a Russian page
 * never shows its texts in English first.
 */
export async function russianReady(): Promise<void> {
  while (russianOnItsWay.size > 0) await Promise.all([...russianOnItsWay]);
}

/** a page's chunk once the Russian texts it asked for are in too (src/ui/preloadable.tsx, src/ui/lazyPage.tsx) */
export const withTexts = <M,>(loading: Promise<M>): Promise<M> =>
  loading.then(async (module) => {
    await russianReady();
    return module;
  });

/**
 * An area's texts with its Russian ones in a chunk of their own (`messages.ru.ts` beside it): a
 * Russian page asks for them as the area's module loads (russianReady says when they are in), an
 * English page never fetches them (a page's language changes by leaving it, except in the explorer,
 * whose loadDict('ru') loads them first).
 */
export function withRussian(english: Dict, loadRussian: () => Promise<{ ru: Dict }>): Record<Lang, Dict> {
  const messages: Record<Lang, Dict> = { en: english, ru: {} };
  const load = async () => {
    Object.assign(messages.ru, (await loadRussian()).ru);
    registerMessages({ en: {}, ru: messages.ru });
  };
  // the tests have every language (a test waits with russianReady: src/test/setup.ts)
  if (import.meta.env.MODE !== 'test' && addressLang() !== 'ru') {
    laterRussian.add(load);
    return messages;
  }
  const loading = load().finally(() => russianOnItsWay.delete(loading));
  russianOnItsWay.add(loading);
  return messages;
}

/**
 * Area dictionaries (funding, crypto, withdrawal, …) register themselves when their feature
 * chunk loads, in every language at once: `registerMessages({ en: {...}, ru: {...} })`.
 * src/i18n/i18n.test.ts checks that every language has every key and every key used exists.
 */
const areas: Record<Lang, Dict> = { en: {}, ru: {} };
let version = 0;
const listeners = new Set<() => void>();

export function registerMessages(messages: Record<Lang, Dict>): void {
  for (const lang of LANGUAGES) Object.assign(areas[lang], messages[lang]);
  version += 1;
  listeners.forEach((l) => l());
}

function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface Translator {
  lang: Lang;
  /** a known key, with {name} parameters; with `count`, the key's plural form (`key_one`, `key_few`, …) when it has them */
  t: (key: MessageKey | (string & {}), params?: Record<string, string | number>) => string;
  /** a message from a machine or the server: its key if we know it, else the server's text, else server_error */
  text: (message: Msg | null | undefined) => string;
  has: (key: string) => boolean;
}

export function makeTranslator(lang: Lang, dict: Dict): Translator {
  const own = Object.prototype.hasOwnProperty;
  const lookup = (key: string): string | undefined =>
    own.call(dict, key) ? dict[key] : own.call(areas[lang], key) ? areas[lang][key] : own.call(areas.en, key) ? areas.en[key] : undefined;
  const has = (key: string): boolean => key !== '' && (lookup(key) ?? lookup(`${key}_other`)) !== undefined;
  const rules = new Intl.PluralRules(lang);
  /** with a numeric `count`, `${key}_${plural category}` when the dictionary has it (en: one, other; ru: one, few, many, other) */
  const plural = (key: string, params?: Record<string, string | number>): string | undefined => {
    const count = params?.count;
    if (count === undefined || count === '' || !Number.isFinite(Number(count))) return undefined;
    return lookup(`${key}_${rules.select(Number(count))}`) ?? lookup(`${key}_other`);
  };
  const t: Translator['t'] = (key, params) => interpolate(plural(key, params) ?? lookup(key) ?? (en as Dict)[key] ?? key, params);
  const text: Translator['text'] = (message) => {
    if (!message) return '';
    if (has(message.key)) return t(message.key, message.params);
    return message.fallback ? interpolate(message.fallback, message.params) : t('server_error');
  };
  return { lang, t, text, has };
}

const I18nContext = createContext<Translator>(makeTranslator('en', en));
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function I18nProvider({ lang, dict, children }: { lang: Lang; dict: Dict; children: ReactNode }) {
  const areasVersion = useSyncExternalStore(subscribe, () => version);
  const value = useMemo(() => makeTranslator(lang, dict), [lang, dict, areasVersion]); // eslint-disable-line react-hooks/exhaustive-deps
  return createElement(I18nContext.Provider, { value }, children);
}

export const useT = (): Translator => useContext(I18nContext);
export type { MessageKey };
