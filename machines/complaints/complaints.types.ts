import type { Complaint, NewComplaintRequest } from '../../core/contract/complaints';
import type { Msg } from '../../core/message';

export type ComplaintField = 'category' | 'subject' | 'text';

export interface ComplaintsInput {
  /** seeds the complaint's idempotency key (`${seed}-c${n}`): the same submit twice makes one complaint */
  keySeed: string;
}

export interface ComplaintsContext {
  keySeed: string;
  /** complaints made from this page: the next key (a failed submit keeps its key) */
  made: number;
  /** the trader's complaints, newest first */
  complaints: Complaint[];
  values: Record<ComplaintField, string>;
  /** a field's problem, checked before sending (core/complaints.ts) or named by the server */
  fieldErrors: Partial<Record<ComplaintField, Msg>>;
  /** the list could not be read, or the complaint could not be sent (everything typed stays) */
  error: Msg | null;
  /** the complaint just made: its reference and due date are shown */
  last: Complaint | null;
  /** a refused submit shakes the form once more */
  shakes: number;
}

export type ComplaintsEvent =
  | { type: 'retry' }
  | { type: 'field.change'; field: ComplaintField; value: string }
  | { type: 'complaint.submit' }
  /** after the acknowledgement: an empty form for another complaint */
  | { type: 'complaint.another' }
  /** the server pushed a change (a final answer): the list is read again */
  | { type: 'complaints.changed' };

export type { NewComplaintRequest };
