import type { Complaint } from '../../core/contract/complaints';
import type { MachineModel } from '../../machine-kit/types';
import { complaintsMachine } from './complaints.machine';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

export const complaint = (over: Partial<Complaint> = {}): Complaint => ({
  reference: 'CMP-2026-000123',
  category: 'withdrawal',
  subject: 'Withdrawal not paid',
  text: 'My withdrawal of 500 USD has been pending for three weeks.',
  status: 'open',
  created_at: '2026-11-30T10:00:00.000Z',
  acknowledged_at: '2026-11-30T10:00:00.000Z',
  due_at: '2027-01-30T10:00:00.000Z',
  answer: null,
  ...over,
});

/**
 * Complaints: the list read or not (and retried), the form filled field by field or refused by
 * its own checks, made (the acknowledgement, then another), a field refused by the server, the
 * day's limit and a lost connection (everything kept, the same key again).
 */
export const complaintsModel: MachineModel = {
  machine: complaintsMachine,
  inputs: [{ keySeed: 'seed0001' }],
  events: {
    'field.change': [
      { field: 'category', value: 'withdrawal' },
      { field: 'subject', value: 'Withdrawal not paid' },
      { field: 'text', value: 'My withdrawal of 500 USD has been pending for three weeks.' },
      { field: 'subject', value: 'x' },
    ],
  },
  actors: {
    loadComplaints: [{ output: { complaints: [complaint({ reference: 'CMP-2026-000001', status: 'answered' })] } }, { error: { kind: 'network' } }],
    makeComplaint: [
      { output: { complaint: complaint() } },
      { error: http(400, 'complaint.subject', 'The subject is too short.', { subject: 'complaint.subject' }) },
      { error: http(429, 'complaint.rate', 'You have made 5 complaints today.') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 8,
};
