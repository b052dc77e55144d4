import { describe, expect, it } from 'vitest';
import { PUBLIC_TABS, TabContent } from '../../../core/contract/public-site';
import { fillTab } from '../../../core/public-site/content';
import { asTabContent } from './embedded-tab';

const facts = { company: 'Example Ltd', email: 'help@example.test', phone: '+1 555 0100', minDeposit: '250' };
const real = PUBLIC_TABS.flatMap((tab) => ['en', 'ru'].map((lang) => fillTab(tab, lang, facts)));
const home = real[0];

/** bodies the schema refuses, one fault each */
const broken: Array<[string, unknown]> = [
  ['not an object', 'home'],
  ['null', null],
  ['an array', [home]],
  ['an unknown tab', { ...home, tab: 'blog' }],
  ['a title that is a number', { ...home, title: 7 }],
  ['no lead', (({ lead: _lead, ...rest }) => rest)(home)],
  ['a section without paragraphs', { ...home, sections: [{ heading: 'A' }] }],
  ['a paragraph that is not text', { ...home, sections: [{ heading: 'A', paragraphs: ['x', 2] }] }],
  ['a question without an answer', { ...home, faq: [{ id: 'a', question: 'Q?' }] }],
  ['an unknown widget', { ...home, widgets: ['prices', 'casino'] }],
  ['widgets that are not a list', { ...home, widgets: 'prices' }],
];

describe('the embedded tab read without zod', () => {
  it('reads every real tab in both languages as the schema does', () => {
    expect(real.length).toBe(PUBLIC_TABS.length * 2);
    for (const body of real) expect(asTabContent(JSON.parse(JSON.stringify(body)))).toEqual(TabContent.parse(body));
  });

  it('drops the fields the schema does not name, as the schema does', () => {
    const extra = { ...home, injected: '<script>', sections: home.sections.map((s) => ({ ...s, extra: 1 })) };
    expect(asTabContent(extra)).toEqual(TabContent.parse(extra));
    expect(asTabContent(extra)).not.toHaveProperty('injected');
  });

  it.each(broken)('refuses %s, as the schema does', (_what, body) => {
    expect(TabContent.safeParse(body).success).toBe(false);
    expect(asTabContent(body)).toBeNull();
  });
});
