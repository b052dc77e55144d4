import { describe, expect, it } from 'vitest';
import { renderProcessorPage } from './processors/pages';
import { renderWalletPage } from './wallets/pages';

const amountCell = (html: string) => /data-testid="sandbox-amount">([^<]*)</.exec(html)?.[1];

describe("the sandbox's hosted pages write the amount as the app does (core/format)", () => {
  it('in English and Russian, on the wallet and the processor pages', () => {
    const wallet = { provider: 'skrill', name: 'Skrill', depositId: 'd-1', amount: '1275.50', currency: 'USD', csrf: 'c' };
    expect(amountCell(renderWalletPage({ ...wallet, lang: 'en' }))).toBe('$1,275.50');
    expect(amountCell(renderWalletPage({ ...wallet, lang: 'ru' }))).toBe('1\u00a0275,50\u00a0$');
    const processor = { processor: 'EZPAY', kind: '3-D Secure', amount: '250.00', currency: 'EUR', card: 'Visa 400000******0077', uid: 'u', csrf: 'c', hint: 'approved' };
    expect(amountCell(renderProcessorPage({ ...processor, lang: 'en' }))).toBe('€250.00');
    expect(amountCell(renderProcessorPage({ ...processor, lang: 'ru' }))).toBe('250,00\u00a0€');
  });
});
