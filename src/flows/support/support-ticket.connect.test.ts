import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import type { TicketForm, TicketThread } from '../../../core/contract/support';
import { msg } from '../../../core/message';
import { newTicketMachine, ticketFieldErrors } from '../../../machines/new-ticket/new-ticket.machine';
import type { NewTicketInput } from '../../../machines/new-ticket/new-ticket.types';
import { aboutText, connectNewTicket } from './support-ticket.connect';

const form: TicketForm = {
  departments: [{ id: '27', name: 'Support' }, { id: '62', name: 'Payments' }],
  priority: [{ id: '1', name: 'Normal' }, { id: '2', name: 'High' }],
  defaults: { page: '27', dialog: '62', priority: '1' },
  maxAttachments: 3,
  maxBytes: 10 * 1024 * 1024,
};
const created = { ticket: { id: 't-7', subject: 'S', status: 'Open', status_id: 1, department: '62', priority: '1', activity: '', created_at: '', unread: false, about: null }, messages: [] } as TicketThread;

function formIn(value: StateValue, context: object, input: Partial<NewTicketInput> = {}): SnapshotFrom<typeof newTicketMachine> {
  const initial = createActor(newTicketMachine, { input: { department: '27', form, keySeed: 'seed0001', ...input } }).getSnapshot();
  return newTicketMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe('connectNewTicket', () => {
  it('the page form: department 27, priority 1, options, bounds; change, submit and cancel send their events', () => {
    const send = vi.fn();
    const api = connectNewTicket(formIn('editing', {}), send);
    expect(api).toMatchObject({ loading: false, department: '27', priority: '1', limits: { subject: 200, content: 5000 }, success: null, finished: false, about: null, canAttach: true });
    expect(api.departments.map((d) => d.id)).toEqual(['27', '62']);
    api.change('subject', 'Stuck');
    api.submit();
    api.cancel();
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'field.change', field: 'subject', value: 'Stuck' }, { type: 'ticket.submit' }, { type: 'ticket.cancel' }]);
  });

  it('field errors and a failed send keep everything typed', () => {
    const api = connectNewTicket(formIn('editing', { subject: 'Hi', content: 'Text', fieldErrors: { content: msg('support.content_too_long', undefined, { max: 5000 }) }, error: msg('support.create_error') }), vi.fn());
    expect(api).toMatchObject({ subject: 'Hi', content: 'Text', subjectError: null, contentError: { key: 'support.content_too_long' }, error: { key: 'support.create_error' } });
    expect(ticketFieldErrors({ subject: ' ', content: 'x'.repeat(5001) })).toEqual({
      subject: msg('support.subject_required'),
      content: msg('support.content_too_long', undefined, { max: 5000, length: 5001 }),
    });
  });

  it('the dialog: form loading and its failure, about a payment, the success, then finished', () => {
    expect(connectNewTicket(formIn('loading', { form: null }, { dialog: true, department: '62', form: null }), vi.fn())).toMatchObject({ loading: true, departments: [] });
    const send = vi.fn();
    const failed = connectNewTicket(formIn('failed', { form: null, error: msg('support.form_error') }, { dialog: true, department: '62', form: null }), send);
    expect(failed).toMatchObject({ failed: true, error: { key: 'support.form_error' } });
    failed.retry();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
    const about = connectNewTicket(formIn('editing', {}, { dialog: true, department: '62', about: { kind: 'payment', id: 'p-1' } }), vi.fn());
    expect(about.about).toEqual(msg('support.about.payment', undefined, { id: 'p-1' }));
    const success = connectNewTicket(formIn('success', { thread: created }, { dialog: true }), vi.fn());
    expect(success).toMatchObject({ success: { key: 'support.created', params: { id: 't-7' } }, finished: false, createdId: 't-7', canAttach: false });
    expect(aboutText(null)).toBeNull();
  });

  it('the dialog closes 3500 ms after the success (a named delay); the department comes from the form options', async () => {
    vi.useFakeTimers();
    try {
      const { fromPromise } = await import('xstate');
      const actor = createActor(
        newTicketMachine.provide({ actors: { loadForm: fromPromise(async () => ({ ...form, defaults: { ...form.defaults, dialog: '63' } })), create: fromPromise(async () => created) } }),
        { input: { department: '62', keySeed: 'seed0001', dialog: true } },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.department).toBe('63');
      actor.send({ type: 'field.change', field: 'subject', value: 'Stuck' });
      actor.send({ type: 'field.change', field: 'content', value: 'My payment' });
      actor.send({ type: 'ticket.submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('success');
      await vi.advanceTimersByTimeAsync(3_499);
      expect(actor.getSnapshot().status).toBe('active');
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ thread: created });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the new ticket getters', () => {
  it('a refused field is invalid and read with its message; the submit rests while sending; the section is named by its title', () => {
    const send = vi.fn();
    const api = connectNewTicket(formIn('editing', { subject: '', fieldErrors: { subject: msg('support.subject_required') } }), send, 'dlg');
    expect(api.getFieldProps('subject')).toMatchObject({ id: 'dlg-subject', 'aria-invalid': true, 'aria-describedby': 'dlg-subject-error' });
    expect(api.getErrorProps('subject')).toEqual({ id: 'dlg-subject-error', role: 'alert' });
    expect(api.getFieldProps('content')['aria-invalid']).toBeUndefined();
    api.getFieldProps('content').onChange!({ target: { value: 'Hi' } } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'field.change', field: 'content', value: 'Hi' });
    expect(api.getSectionProps()).toEqual({ 'aria-labelledby': 'dlg-title' });
    expect(api.getSectionTitleProps()).toEqual({ id: 'dlg-title' });
    expect(api.getSubmitProps().disabled).toBeUndefined();
    expect(connectNewTicket(formIn('sending', {}), send).getSubmitProps().disabled).toBe(true);
  });
});
