import { describe, expect, it } from 'vitest';
import { en } from './en';
import { makeTranslator, registerMessages } from './index';
import { ru } from './ru';

describe('plural forms: t(key, { count })', () => {
  registerMessages({
    en: { 'plural.files_one': '{count} file', 'plural.files_other': '{count} files', 'plural.plain': '{count} items' },
    ru: {
      'plural.files_one': '{count} файл',
      'plural.files_few': '{count} файла',
      'plural.files_many': '{count} файлов',
      'plural.files_other': '{count} файла',
      'plural.plain': 'элементов: {count}',
    },
  });
  const enT = makeTranslator('en', en);
  const ruT = makeTranslator('ru', ru);

  it('English: one and other', () => {
    expect([1, 0, 2, 21].map((count) => enT.t('plural.files', { count }))).toEqual(['1 file', '0 files', '2 files', '21 files']);
  });
  it('Russian: one, few, many and other (fractions)', () => {
    expect([1, 21, 2, 4, 22, 5, 11, 12, 14, 0, 100].map((count) => ruT.t('plural.files', { count }))).toEqual([
      '1 файл', '21 файл', '2 файла', '4 файла', '22 файла', '5 файлов', '11 файлов', '12 файлов', '14 файлов', '0 файлов', '100 файлов',
    ]);
    expect(ruT.t('plural.files', { count: '1.5' })).toBe('1.5 файла');
  });
  it('falls back to the key itself without plural forms or without a count', () => {
    expect(ruT.t('plural.plain', { count: 3 })).toBe('элементов: 3');
    expect(enT.t('plural.files')).toBe('plural.files');
    expect(enT.has('plural.files')).toBe(true);
  });
  it('a message from a machine with a count is worded in the plural', () => {
    expect(ruT.text({ key: 'plural.files', params: { count: 3 } })).toBe('3 файла');
  });
  it("the product's counted texts", () => {
    expect(ruT.t('nav.support_unread', { count: 3 })).toBe('3 непрочитанных ответа');
    expect(enT.t('nav.support_unread', { count: 1 })).toBe('1 unread reply');
  });
});
