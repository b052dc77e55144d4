import { assign, fromPromise, setup } from 'xstate';
import type { TabContent } from '../../core/contract/public-site';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { TabLoaderContext, TabLoaderEvent, TabLoaderInput } from './tab-loader.types';

/**
 * The async tab loader (spec 000 §2, §7): a tab's content comes from /api/tb/{tab}; following a
 * link loads it without a reload and pushes /{lang}/{tab} (pushUrl); back and forward load the
 * address's tab (popstate) without pushing. A direct visit starts shown with the content the
 * server put into the page. A failure keeps the address and offers a retry.
 */
export const tabLoaderMachine = setup({
  types: {} as { context: TabLoaderContext; events: TabLoaderEvent; input: TabLoaderInput },
  actors: {
    loadTab: fromPromise<TabContent, { tab: TabLoaderContext['tab']; lang: string }>(notProvided('loadTab')),
  },
  actions: {
    /** history.pushState to the tab's address (provided by the flow) */
    pushUrl: () => {},
    /** the document's title and description (provided by the flow) */
    showTab: () => {},
    setTab: assign({ tab: ({ context, event }) => (event.type === 'tab.open' || event.type === 'tab.popstate' ? event.tab : context.tab) }),
  },
  guards: {
    hasContent: ({ context }) => context.content !== null && context.content.tab === context.tab,
    sameTab: ({ context, event }) => (event.type === 'tab.open' || event.type === 'tab.popstate') && event.tab === context.tab,
  },
}).createMachine({
  id: 'tabLoader',
  context: ({ input }) => ({ lang: input.lang, tab: input.tab, content: input.initial, error: null }),
  initial: 'idle',
  states: {
    idle: { always: [{ guard: 'hasContent', target: 'shown' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'loadTab',
        input: ({ context }) => ({ tab: context.tab, lang: context.lang }),
        onDone: { target: 'shown', actions: [assign({ content: ({ event }) => event.output, error: null }), 'showTab'] },
        onError: { target: 'failed', actions: assign({ error: () => msg('site.load_failed') }) },
      },
      // another link or back/forward while loading: that tab instead
      on: {
        'tab.open': [{ guard: 'sameTab' }, { target: 'loading', reenter: true, actions: ['setTab', 'pushUrl'] }],
        'tab.popstate': [{ guard: 'sameTab' }, { target: 'loading', reenter: true, actions: 'setTab' }],
      },
    },
    shown: {
      on: {
        'tab.open': [{ guard: 'sameTab' }, { target: 'loading', actions: ['setTab', 'pushUrl'] }],
        'tab.popstate': [{ guard: 'sameTab' }, { target: 'loading', actions: 'setTab' }],
      },
    },
    failed: {
      on: {
        'tab.retry': 'loading',
        'tab.open': { target: 'loading', actions: ['setTab', 'pushUrl'] },
        'tab.popstate': { target: 'loading', actions: 'setTab' },
      },
    },
  },
});
