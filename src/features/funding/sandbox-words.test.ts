import { describe, expect, it } from 'vitest';
import { messages as funding } from './messages';
import { messages as voucher } from './voucher/messages';

/** Traders read the Deposit page: the sandbox's facts are said there, not left to a file of the repository. */
describe('the funding texts never send a trader to the docs', () => {
  it.each(['en', 'ru'] as const)('%s', (lang) => {
    const texts = [...Object.values(funding[lang]), ...Object.values(voucher[lang])] as string[];
    expect(texts.filter((text) => /docs\/|\.md\b/.test(text))).toEqual([]);
    expect(funding[lang]['funding.sandbox']).toContain('4000 0000 0000 0010');
    expect(voucher[lang]['vload.sandbox']).toContain('1250 0000 0000 0001');
  });
});
