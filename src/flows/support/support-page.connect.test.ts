import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import type { TicketSummary } from '../../../core/contract/support';
import { msg } from '../../../core/message';
import { supportPageMachine } from '../../../machines/support-page/support-page.machine';
import { ticketListMachine } from '../../../machines/ticket-list/ticket-list.machine';
import { connectSupportPage, connectTicketList } from './support-page.connect';

const summary = (over: Partial<TicketSummary> = {}): TicketSummary => ({
  id: 't-1', subject: 'Stuck payment', status: 'Open', status_id: 1, department: '27', priority: '1',
  activity: '2026-11-25T10:00:00.000Z', created_at: '2026-11-25T10:00:00.000Z', unread: false, about: null, ...over,
});

function pageIn(value: StateValue, context: object): SnapshotFrom<typeof supportPageMachine> {
  const initial = createActor(supportPageMachine, { input: { keySeed: 'seed0001' } }).getSnapshot();
  return supportPageMachine.resolveState({ value, context: { ...initial.context, ...context } });
}
function listIn(value: StateValue, context: object): SnapshotFrom<typeof ticketListMachine> {
  const initial = createActor(ticketListMachine, { input: {} }).getSnapshot();
  return ticketListMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe('connectSupportPage', () => {
  it('starting, then init gave up with its message and a retry', () => {
    expect(connectSupportPage(pageIn({ starting: 'trying' }, {}), vi.fn())).toMatchObject({ starting: true, failed: false, ready: false, openId: null });
    const send = vi.fn();
    const failed = connectSupportPage(pageIn({ starting: 'failed' }, { error: msg('support.init_failed', undefined, { attempts: 3 }) }), send);
    expect(failed).toMatchObject({ starting: false, failed: true, error: { key: 'support.init_failed', params: { attempts: 3 } } });
    failed.retry();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
    expect(failed.getProblemProps()).toEqual({ role: 'alert' });
    expect(failed.getStartingProps()).toEqual({ 'aria-busy': true });
  });

  it('ready: the list alone, the new ticket form or one ticket; open, back and new send their events', () => {
    expect(connectSupportPage(pageIn({ ready: { list: {}, main: 'index' } }, {}), vi.fn())).toMatchObject({ ready: true, composing: false, viewing: false });
    expect(connectSupportPage(pageIn({ ready: { list: {}, main: 'composing' } }, {}), vi.fn())).toMatchObject({ composing: true });
    const send = vi.fn();
    const viewing = connectSupportPage(pageIn({ ready: { list: {}, main: 'ticket' } }, { openId: 't-1' }), send);
    expect(viewing).toMatchObject({ viewing: true, openId: 't-1' });
    viewing.open('t-2');
    viewing.back();
    viewing.newTicket();
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'ticket.open', id: 't-2' }, { type: 'ticket.back' }, { type: 'ticket.new' }]);
  });
});

describe('connectTicketList', () => {
  it('rows with the status by status_id, last activity and the unread mark', () => {
    const tickets = [summary({ id: 't-2', status_id: 2, status: 'Answered', unread: true, activity: '2026-11-26T10:00:00.000Z' }), summary({ status_id: 3, status: 'Closed' })];
    const api = connectTicketList(listIn('shown', { tickets }), vi.fn());
    expect(api.rows.map((r) => [r.id, r.status, r.activity, r.unread])).toEqual([
      ['t-2', msg('support.status.2'), '2026-11-26T10:00:00.000Z', true],
      ['t-1', msg('support.status.3'), '2026-11-25T10:00:00.000Z', false],
    ]);
    expect(api).toMatchObject({ loading: false, empty: false, unread: 1 });
  });

  it('loading, empty, failed with retry, an error beside the last known list', () => {
    expect(connectTicketList(listIn('loading', {}), vi.fn())).toMatchObject({ loading: true, empty: false });
    expect(connectTicketList(listIn('shown', {}), vi.fn())).toMatchObject({ loading: false, empty: true });
    const send = vi.fn();
    const failed = connectTicketList(listIn('failed', { error: msg('support.list_error') }), send);
    expect(failed).toMatchObject({ failed: true, empty: false, error: { key: 'support.list_error' } });
    failed.retry();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
    expect(connectTicketList(listIn('refreshing', { tickets: [summary()], error: null }), vi.fn())).toMatchObject({ refreshing: true, rows: [{ id: 't-1' }] });
  });
});
