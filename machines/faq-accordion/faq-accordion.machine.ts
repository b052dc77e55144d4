import { assign, setup } from 'xstate';
import type { FaqAccordionContext, FaqAccordionEvent } from './faq-accordion.types';

/** The FAQ accordion (002 §2): one answer open at a time; its question closes it again. */
export const faqAccordionMachine = setup({
  types: {} as { context: FaqAccordionContext; events: FaqAccordionEvent },
  guards: {
    isOpenOne: ({ context, event }) => event.type === 'faq.toggle' && event.id === context.openId,
  },
  actions: {
    openIt: assign({ openId: ({ event }) => (event.type === 'faq.toggle' ? event.id : null) }),
    closeAll: assign({ openId: null }),
  },
}).createMachine({
  id: 'faqAccordion',
  context: { openId: null },
  initial: 'collapsed',
  states: {
    collapsed: { on: { 'faq.toggle': { target: 'expanded', actions: 'openIt' } } },
    expanded: {
      on: {
        'faq.toggle': [
          { guard: 'isOpenOne', target: 'collapsed', actions: 'closeAll' },
          { target: 'expanded', actions: 'openIt' },
        ],
        'faq.collapse': { target: 'collapsed', actions: 'closeAll' },
      },
    },
  },
});
