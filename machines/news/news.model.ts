import type { MachineModel } from '../../machine-kit/types';
import { newsMachine } from './news.machine';

const item = { id: 'a', title: 'Title', date: '2026-11-20T09:00:00.000Z', summary: 'Summary', link: null, source: 'Sandbox' };

/** News: the list loads or fails (retry), an item opens or fails (retry, back), back to the list. */
export const newsModel: MachineModel = {
  machine: newsMachine,
  input: { lang: 'en' },
  events: { 'news.open': [{ id: 'a' }] },
  actors: {
    loadList: [{ output: { kind: 'sandbox', items: [item] } }, { error: { kind: 'http', status: 502, error: 'news.unavailable', message: 'The news source did not answer.' } }, { error: { kind: 'network' } }],
    loadItem: [{ output: { kind: 'sandbox', item, body: 'Body' } }, { error: { kind: 'http', status: 404, error: 'news.not_found', message: 'Gone.' } }],
  },
  maxDepth: 8,
};
