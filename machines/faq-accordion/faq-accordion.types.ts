export interface FaqAccordionContext {
  /** the one open question's id */
  openId: string | null;
}
export type FaqAccordionEvent = { type: 'faq.toggle'; id: string } | { type: 'faq.collapse' };
