import type { MachineModel } from '../../machine-kit/types';
import { attentionMachine } from './attention.machine';

const block = { id: 'trading-block', kind: 'trading-block', priority: 'mandatory' };
const result = { id: 'result-1', kind: 'card-result', priority: 'money-result', page: 'show/funding' };
const weekend = { id: 'weekend-contest', kind: 'weekend-contest', priority: 'promotional' };
const welcome = { id: 'welcome', kind: 'welcome', priority: 'promotional' };
const toast = { id: 'toast-1', kind: 'toast', priority: 'toast' };
const chat = { id: 'chat', kind: 'chat', priority: 'chat' };

/**
 * The arbiter: a first visit (nothing seen), a trader who saw the weekend contest today, a browser
 * where the chat already opened by itself; a mandatory step, a money result, two promotions, a
 * toast and the chat asking; a money flow starting and ending; a page left.
 */
export const attentionModel: MachineModel = {
  machine: attentionMachine,
  inputs: [
    { today: '2026-11-28', seen: {}, chatAutoOpened: false },
    { today: '2026-11-28', seen: { 'weekend-contest': '2026-11-28' }, chatAutoOpened: true },
  ],
  events: {
    'attention.request': [{ request: weekend }, { request: welcome }, { request: block }, { request: result }, { request: toast }, { request: chat }],
    'attention.release': [{ id: 'welcome' }, { id: 'trading-block' }],
    'attention.busy': [{ flow: 'card' }],
    'attention.idle': [{ flow: 'card' }],
    'attention.leave': [{ page: 'home' }],
  },
  // the waiting list can grow without end; six events deep reaches every state and transition
  maxDepth: 6,
};
