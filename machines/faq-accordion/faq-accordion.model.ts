import type { MachineModel } from '../../machine-kit/types';
import { faqAccordionMachine } from './faq-accordion.machine';

/** The accordion: open one, open another (the first closes), close the open one, collapse all. */
export const faqAccordionModel: MachineModel = {
  machine: faqAccordionMachine,
  events: { 'faq.toggle': [{ id: 'open' }, { id: 'risk' }] },
  maxDepth: 5,
};
