import type { TabContent } from '../../core/contract/public-site';
import type { MachineModel } from '../../machine-kit/types';
import { tabLoaderMachine } from './tab-loader.machine';

const content = (tab: TabContent['tab']): TabContent => ({
  tab,
  lang: 'en',
  title: `${tab} title`,
  description: `${tab} description`,
  heading: tab,
  lead: 'lead',
  sections: [],
  faq: [],
  widgets: [],
});

/** The tab loader: a direct visit shown at once or loaded, links (pushed) and back/forward (not pushed), the same tab ignored, a failure and its retry. */
export const tabLoaderModel: MachineModel = {
  machine: tabLoaderMachine,
  inputs: [
    { lang: 'en', tab: 'home', initial: content('home') },
    { lang: 'en', tab: 'faq', initial: null },
  ],
  events: { 'tab.open': [{ tab: 'about' }, { tab: 'home' }], 'tab.popstate': [{ tab: 'about' }, { tab: 'home' }] },
  actors: { loadTab: [{ output: content('about') }, { error: { kind: 'network' } }] },
  maxDepth: 5,
};
