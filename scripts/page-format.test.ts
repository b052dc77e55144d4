import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as core from '../core/format';
import { PAGE_FORMAT_FILE, pageFormatSource } from './page-format.mjs';

describe("the hosted pages' copy of core/format (server/sandbox/platform/page/format.js)", () => {
  it('is what core/format.ts bundles to today (run `node scripts/page-format.mjs` after changing it)', async () => {
    expect(readFileSync(PAGE_FORMAT_FILE, 'utf8')).toBe(await pageFormatSource());
  }, 20_000);

  it('writes money and dates exactly as core/format does, as a plain script', () => {
    const sandbox: { BrokerFormat?: typeof core } = {};
    runInNewContext(`${readFileSync(PAGE_FORMAT_FILE, 'utf8')}\nthis.BrokerFormat = BrokerFormat;`, sandbox);
    const page = sandbox.BrokerFormat!;
    for (const lang of ['en', 'ru']) {
      for (const [amount, currency] of [['2850', 'USD'], ['-50', 'EUR'], ['0.0015', 'BTC'], ['9007199254740993.01', 'USD']]) {
        expect(page.formatAmount(amount, currency, lang)).toBe(core.formatAmount(amount, currency, lang));
      }
      expect(page.formatAmount('8.2', 'USD', lang, { plus: true })).toBe(core.formatAmount('8.2', 'USD', lang, { plus: true }));
    }
    expect(page.formatAmount('1000', 'USD', 'ru')).toBe('1\u00a0000,00\u00a0$');
    expect(page.formatDateTime(Date.UTC(2026, 10, 29, 4, 37), 'Europe/Moscow')).toBe('29.11.2026 07:37');
  });
});
