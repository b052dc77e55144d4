import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { Msg } from '../../machines/shared/message';
import { en, type MessageKey } from './en';

export const LANGUAGES = ['en', 'ru'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type Dict = Record<MessageKey, string>;

export const isLang = (value: string | undefined): value is Lang => LANGUAGES.includes(value as Lang);

/** English is bundled; other languages load on demand so the login page stays small. */
export async function loadDict(lang: Lang): Promise<Dict> {
  if (lang === 'ru') return (await import('./ru')).ru;
  return en;
}

function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface Translator {
  lang: Lang;
  /** a known key, with {name} parameters */
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
  /** a message from a machine or the server: its key if we know it, else the server's text, else server_error */
  text: (message: Msg | null | undefined) => string;
  has: (key: string) => key is MessageKey;
}

export function makeTranslator(lang: Lang, dict: Dict): Translator {
  const has = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(dict, key);
  const t: Translator['t'] = (key, params) => interpolate(dict[key] ?? en[key] ?? key, params);
  const text: Translator['text'] = (message) => {
    if (!message) return '';
    if (has(message.key)) return t(message.key, message.params);
    return message.fallback ? interpolate(message.fallback, message.params) : t('server_error');
  };
  return { lang, t, text, has };
}

const I18nContext = createContext<Translator>(makeTranslator('en', en));

export function I18nProvider({ lang, dict, children }: { lang: Lang; dict: Dict; children: ReactNode }) {
  const value = useMemo(() => makeTranslator(lang, dict), [lang, dict]);
  return createElement(I18nContext.Provider, { value }, children);
}

export const useT = (): Translator => useContext(I18nContext);
export type { MessageKey };
