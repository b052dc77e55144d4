import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { LANGUAGES, type Dict, type Lang } from './index';

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

describe('translation keys', () => {
  const known = new Set<string>(Object.keys(en));
  for (const { messages } of Object.values(areaFiles)) Object.keys(messages.en).forEach((k) => known.add(k));

  it('every key the code uses has an English text', () => {
    const missing = [...usedKeys()].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every area dictionary has every key in every language', () => {
    for (const [file, { messages }] of Object.entries(areaFiles)) {
      for (const lang of LANGUAGES) {
        expect(Object.keys(messages[lang]).sort(), `${file} ${lang}`).toEqual(Object.keys(messages.en).sort());
      }
    }
  });
});
