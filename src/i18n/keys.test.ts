import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { LANGUAGES, russianReady, type Dict, type Lang } from './index';

/** Every area keeps its texts in src/features/<area>/messages.ts: `export const messages = { en, ru }`. */
const areaFiles = import.meta.glob<{ messages: Record<Lang, Dict> }>('../features/**/messages.ts', { eager: true });

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    // tests and test models (machines/<flow>/<flow>.model.ts) hold made-up data, not texts
    return /\.(ts|tsx)$/.test(name) && !/\.(test|model)\./.test(name) ? [path] : [];
  });
}

/** Translation keys written as literals: t('key'), msg('key'), { key: 'key' }. */
function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [/\bt\(\s*'([\w.-]+)'/g, /\bmsg\(\s*'([\w.-]+)'/g, /\bkey:\s*'([\w.-]+)'/g];
  for (const file of [...sourceFiles('src'), ...sourceFiles('machines'), ...sourceFiles('core')]) {
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) found.set(m[1], file);
  }
  return found;
}

/** The plural forms each language needs (Intl.PluralRules categories of the counts the product shows). */
const PLURAL_FORMS: Record<Lang, string[]> = { en: ['one', 'other'], ru: ['one', 'few', 'many', 'other'] };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * A dictionary's keys with each plural family (`key_one`, `key_few`, …) folded into `key[plural]`,
 * after checking that the family has exactly the forms its language needs.
 */
export function foldPlurals(dict: Dict, lang: Lang): { keys: string[]; broken: string[] } {
  const families = new Map<string, Set<string>>();
  const keys = new Set<string>();
  for (const key of Object.keys(dict)) {
    const m = PLURAL.exec(key);
    // a family has its `_other` form (card.length_many alone is a plain key)
    const base = m ? key.slice(0, m.index) : '';
    if (!m || !(`${base}_other` in dict)) {
      keys.add(key);
      continue;
    }
    families.set(base, (families.get(base) ?? new Set()).add(m[1]));
  }
  const broken: string[] = [];
  for (const [base, forms] of families) {
    keys.add(`${base}[plural]`);
    if ([...forms].sort().join() !== [...PLURAL_FORMS[lang]].sort().join()) broken.push(`${base} (${lang}: ${[...forms].join(', ')})`);
  }
  return { keys: [...keys].sort(), broken };
}

// the areas' Russian texts come in chunks of their own (withRussian)
beforeAll(() => russianReady());

describe('translation keys', () => {
  const known = new Set<string>(Object.keys(en));
  for (const { messages } of Object.values(areaFiles)) Object.keys(messages.en).forEach((k) => known.add(k));
  // t('key', { count }) uses a plural family: key_one, key_other, …
  for (const key of [...known]) {
    const m = PLURAL.exec(key);
    if (m && known.has(`${key.slice(0, m.index)}_other`)) known.add(key.slice(0, m.index));
  }

  it('every key the code uses has an English text', () => {
    const missing = [...usedKeys()].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every area dictionary has every key in every language', () => {
    for (const [file, { messages }] of Object.entries(areaFiles)) {
      for (const lang of LANGUAGES) {
        const { keys, broken } = foldPlurals(messages[lang], lang);
        expect(broken, `${file} ${lang}: incomplete plural families`).toEqual([]);
        expect(keys, `${file} ${lang}`).toEqual(foldPlurals(messages.en, 'en').keys);
      }
    }
  });

  it('plural families are complete: en one+other, ru one+few+many+other', () => {
    expect(foldPlurals({ 'a_one': '', 'a_other': '', b: '' }, 'en')).toEqual({ keys: ['a[plural]', 'b'], broken: [] });
    expect(foldPlurals({ 'a_one': '', 'a_other': '' }, 'ru').broken).toEqual(['a (ru: one, other)']);
  });
});
