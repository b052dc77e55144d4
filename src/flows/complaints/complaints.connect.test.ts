import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ComplaintResponse, NewComplaintRequest } from '../../../core/contract/complaints';
import { complaintErrors, complaintsMachine } from '../../../machines/complaints/complaints.machine';
import { complaint } from '../../../machines/complaints/complaints.model';
import { connectComplaints } from './complaints.connect';

function start(make: (input: NewComplaintRequest) => Promise<ComplaintResponse>, list = [complaint({ reference: 'CMP-2026-000001', status: 'answered', answer: { text: 'We looked into it.', at: '2026-12-01T09:00:00.000Z', ombudsman: { name: 'The Ombudsman', url: 'https://ombudsman.example' } } })]) {
  const sent: NewComplaintRequest[] = [];
  let reads = 0;
  const machine = complaintsMachine.provide({
    actors: {
      loadComplaints: fromPromise(async () => {
        reads++;
        return { complaints: list };
      }),
      makeComplaint: fromPromise(async ({ input }) => {
        sent.push(input);
        return make(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { keySeed: 'seed0001' } }).start();
  const view = () => connectComplaints(actor.getSnapshot(), actor.send);
  const change = (field: 'category' | 'subject' | 'text', value: string) => view().getFieldProps(field).onChange?.({ target: { value } } as never);
  const fill = () => {
    change('category', 'withdrawal');
    change('subject', '  Withdrawal not paid ');
    change('text', 'My withdrawal of 500 USD has been pending for three weeks.');
  };
  return { actor, sent, view, change, fill, reads: () => reads };
}

describe('complaintErrors', () => {
  it('asks for a category from the table and the subject and text within the rules', () => {
    expect(complaintErrors({ category: 'complaint', subject: 'ab', text: 'too short' })).toEqual({
      category: { key: 'complaints.error_category' },
      subject: { key: 'complaints.error_subject', params: { min: 3, max: 120 } },
      text: { key: 'complaints.error_text', params: { min: 20, max: 5000 } },
    });
    expect(complaintErrors({ category: 'withdrawal', subject: ' Late ', text: 'x'.repeat(20) })).toEqual({});
  });
});

describe('connectComplaints', () => {
  it('lists the complaints with the answer and the ombudsman, and shows a refused form field by field', async () => {
    const { actor, view } = start(async () => ({ complaint: complaint() }));
    await waitFor(actor, (s) => s.matches('ready'));
    const row = view().complaints[0];
    expect(row).toMatchObject({ reference: 'CMP-2026-000001', answered: true, status: { key: 'complaints.status.answered' }, category: { key: 'complaints.category.withdrawal' } });
    expect(row.answer?.ombudsman.name).toBe('The Ombudsman');
    actor.send({ type: 'complaint.submit' });
    expect(Object.keys(view().errors)).toEqual(['category', 'subject', 'text']);
    expect(view().firstBadField).toBe('category');
    expect(view().getFieldProps('category')['aria-invalid']).toBe(true);
    expect(view().getFieldProps('category')['aria-describedby']).toBe('complaint-category-error');
  });

  it('sends once under its key, shows the reference and due date with the focus on them, then an empty form', async () => {
    let release: (r: ComplaintResponse) => void = () => {};
    const { actor, sent, view, fill } = start(() => new Promise((r) => (release = r)));
    await waitFor(actor, (s) => s.matches('ready'));
    fill();
    actor.send({ type: 'complaint.submit' });
    expect(view().sending).toBe(true);
    expect(view().getSubmitProps().disabled).toBe(true);
    // a second submit while sending is not heard
    actor.send({ type: 'complaint.submit' });
    expect(sent).toEqual([{ key: 'seed0001-c0', category: 'withdrawal', subject: 'Withdrawal not paid', text: 'My withdrawal of 500 USD has been pending for three weeks.' }]);
    release({ complaint: complaint({ reference: 'CMP-2026-000124' }) });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'sent' } }));
    expect(view().made).toMatchObject({ reference: 'CMP-2026-000124', dueAt: '2027-01-30T10:00:00.000Z' });
    expect(view().getMadeProps()['data-focus-on']).toBe('made-CMP-2026-000124');
    expect(view().complaints.map((c) => c.reference)).toEqual(['CMP-2026-000124', 'CMP-2026-000001']);
    view().getAnotherProps().onClick();
    expect(view().made).toBeNull();
    expect(view().values).toEqual({ category: '', subject: '', text: '' });
  });

  it('keeps everything typed and the key after a lost connection; a server field refusal is marked', async () => {
    const answers: Array<() => Promise<ComplaintResponse>> = [
      () => Promise.reject({ kind: 'network' }),
      () => Promise.reject({ kind: 'http', status: 400, error: 'complaint.subject', message: 'Too short.', fields: { subject: 'complaint.subject' } }),
    ];
    const { actor, sent, view, fill } = start(() => answers.shift()!());
    await waitFor(actor, (s) => s.matches('ready'));
    fill();
    actor.send({ type: 'complaint.submit' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'editing' } }) && s.context.error !== null);
    expect(view().error).toEqual({ key: 'complaints.send_failed' });
    expect(view().values.subject).toBe('  Withdrawal not paid ');
    actor.send({ type: 'complaint.submit' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'editing' } }) && s.context.fieldErrors.subject !== undefined);
    expect(sent.map((s) => s.key)).toEqual(['seed0001-c0', 'seed0001-c0']);
    expect(view().errors.subject).toEqual({ key: 'complaint.subject' });
  });

  it('reads the list again when the server says something changed', async () => {
    const { actor, reads } = start(async () => ({ complaint: complaint() }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'complaints.changed' });
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }));
    expect(reads()).toBe(2);
  });
});
