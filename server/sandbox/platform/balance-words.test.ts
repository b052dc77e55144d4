import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en';
import { ru } from '../../../src/i18n/ru';

/** The platform page's own dictionary (TEXTS in page/trade.js), read as the object literal it is. */
function platformTexts(): Record<'en' | 'ru', Record<string, string>> {
  const js = readFileSync(new URL('./page/trade.js', import.meta.url), 'utf8');
  const start = js.indexOf('var TEXTS = ');
  const end = js.indexOf('\n  };\n', start);
  expect(start).toBeGreaterThan(0);
  return new Function(`return ${js.slice(start + 'var TEXTS = '.length, end + 4)}`)() as Record<'en' | 'ru', Record<string, string>>;
}

describe('one balance story: the platform frame names its figures as the broker does', () => {
  it('says Balance, In trades and Available with the texts of the header and the accounts page, in both languages', () => {
    const texts = platformTexts();
    for (const [lang, dict] of [['en', en], ['ru', ru]] as const) {
      expect(texts[lang].balance).toBe(dict['balance.label']);
      expect(texts[lang].in_trades).toBe(dict['balance.in_trades']);
      expect(texts[lang].available).toBe(dict['balance.available']);
    }
    expect(texts.ru.available).toBe('Доступно');
  });

  it('shows the balance as the broker counts it (free money plus stakes in trades) and what is available beside it', () => {
    const html = readFileSync(new URL('./page/trade.html', import.meta.url), 'utf8');
    const js = readFileSync(new URL('./page/trade.js', import.meta.url), 'utf8');
    expect(html).toMatch(/data-i18n="balance">Balance<\/span> <strong id="balance">/);
    expect(html).toMatch(/data-i18n="available">Available<\/span> <span id="available">/);
    expect(js).toContain("$('balance').textContent = money(s.all, s.currency);");
    expect(js).toContain("$('available').textContent = money(s.available, s.currency);");
  });
});
