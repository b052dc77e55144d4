import type { TabContent } from '../../../core/contract/public-site';
import { PUBLIC_WIDGETS, isPublicTab } from '../../../core/public-site/tabs';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const everyOf = <T>(v: unknown, item: (x: unknown) => x is T): v is T[] => Array.isArray(v) && v.every(item);
const isSection = (v: unknown): v is TabContent['sections'][number] => isObject(v) && isString(v.heading) && everyOf(v.paragraphs, isString);
const isFaq = (v: unknown): v is TabContent['faq'][number] => isObject(v) && isString(v.id) && isString(v.question) && isString(v.answer);
const isWidget = (v: unknown): v is TabContent['widgets'][number] => (PUBLIC_WIDGETS as readonly unknown[]).includes(v);

/**
 * The contract's TabContent (core/contract/public-site.ts) read without zod: the public page reads
 * the tab the server put into its HTML at its first paint, and zod stays out of that page's first
 * JavaScript (the tab's later loads are parsed with the schema itself). Only the fields the schema
 * names are kept. embedded-tab.test.ts holds it to the schema on the same bodies.
 */
export function asTabContent(v: unknown): TabContent | null {
  if (!isObject(v) || !isString(v.tab) || !isPublicTab(v.tab)) return null;
  const { lang, title, description, heading, lead, sections, faq, widgets } = v;
  if (!isString(lang) || !isString(title) || !isString(description) || !isString(heading) || !isString(lead)) return null;
  if (!everyOf(sections, isSection) || !everyOf(faq, isFaq) || !everyOf(widgets, isWidget)) return null;
  return {
    tab: v.tab,
    lang,
    title,
    description,
    heading,
    lead,
    sections: sections.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
    faq: faq.map((f) => ({ id: f.id, question: f.question, answer: f.answer })),
    widgets: [...widgets],
  };
}
