import { describe, expect, it } from 'vitest';
import type { TabContent } from '../../../core/contract/public-site';
import { applyHead } from './public-site.flow';

describe("a tab loaded without a reload updates the page's head", () => {
  it('title, description, and the canonical and hreflang links the server put there point at the new tab', () => {
    document.head.innerHTML = [
      '<title>Old</title>',
      '<meta name="description" content="old" />',
      '<link rel="canonical" href="https://broker.example/ru/" />',
      '<link rel="alternate" hreflang="en" href="https://broker.example/en/" />',
      '<link rel="alternate" hreflang="ru" href="https://broker.example/ru/" />',
      '<link rel="alternate" hreflang="x-default" href="https://broker.example/en/" />',
    ].join('');
    applyHead({ tab: 'faq', lang: 'ru', title: 'Вопросы', description: 'Ответы' } as TabContent);
    expect(document.title).toBe('Вопросы');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Ответы');
    const href = (selector: string) => document.querySelector(selector)?.getAttribute('href');
    expect(href('link[rel="canonical"]')).toBe('https://broker.example/ru/faq');
    expect(href('link[hreflang="en"]')).toBe('https://broker.example/en/faq');
    expect(href('link[hreflang="ru"]')).toBe('https://broker.example/ru/faq');
    expect(href('link[hreflang="x-default"]')).toBe('https://broker.example/en/faq');
    applyHead({ tab: 'home', lang: 'ru', title: 'Главная', description: 'Главная' } as TabContent);
    expect(href('link[rel="canonical"]')).toBe('https://broker.example/ru/');
  });
});
