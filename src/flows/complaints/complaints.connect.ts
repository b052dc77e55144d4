import type { SnapshotFrom } from 'xstate';
import { COMPLAINT_CATEGORIES, COMPLAINT_RULES, type ComplaintCategory } from '../../../core/complaints';
import type { Complaint } from '../../../core/contract/complaints';
import { msg, type Msg } from '../../../core/message';
import { COMPLAINT_FIELDS, type complaintsMachine } from '../../../machines/complaints/complaints.machine';
import type { ComplaintField, ComplaintsEvent } from '../../../machines/complaints/complaints.types';
import { buttonProps, fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type ComplaintsSnapshot = SnapshotFrom<typeof complaintsMachine>;

export const complaintFieldId = (field: ComplaintField | string) => `complaint-${field}`;
const FORM_TITLE_ID = 'complaint-form-title';
const LIST_TITLE_ID = 'complaint-list-title';

/** the refused submit whose first bad field takes the focus (kept by the hook: an edited field loses its error) */
export interface ComplaintsRefusal {
  shakes: number;
  field: ComplaintField | null;
}

/** One complaint as the list shows it: what the view writes with the one formatter (dates in the trader's zone). */
export interface ComplaintRow {
  reference: string;
  category: Msg;
  subject: string;
  text: string;
  answered: boolean;
  status: Msg;
  createdAt: string;
  dueAt: string;
  answer: { text: string; at: string; ombudsman: { name: string; url: string } } | null;
}

const categoryMsg = (category: ComplaintCategory | string): Msg => msg(`complaints.category.${category}`);

export const complaintRow = (c: Complaint): ComplaintRow => ({
  reference: c.reference,
  category: categoryMsg(c.category),
  subject: c.subject,
  text: c.text,
  answered: c.status === 'answered',
  status: msg(c.status === 'answered' ? 'complaints.status.answered' : 'complaints.status.open'),
  createdAt: c.created_at,
  dueAt: c.due_at,
  answer: c.answer,
});

/** connect() for #/show/complaints (issue 30 §7). */
export function connectComplaints(s: ComplaintsSnapshot, send: (event: ComplaintsEvent) => void, refusal: ComplaintsRefusal = { shakes: 0, field: null }) {
  const c = s.context;
  const sending = s.matches({ ready: { form: 'sending' } });
  const sent = s.matches({ ready: { form: 'sent' } });
  const errors = c.fieldErrors;
  const submit = () => send({ type: 'complaint.submit' });
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    ready: s.matches('ready'),
    complaints: c.complaints.map(complaintRow),
    categories: COMPLAINT_CATEGORIES.map((id) => ({ id, label: categoryMsg(id) })),
    limits: { subject: COMPLAINT_RULES.subjectMax, text: COMPLAINT_RULES.textMax, answerMonths: COMPLAINT_RULES.answerMonths },
    values: c.values,
    errors,
    /** the first field with an error: focused after a refused submit */
    firstBadField: COMPLAINT_FIELDS.find((field) => field in errors) ?? null,
    error: c.error,
    shakes: c.shakes,
    sending,
    /** the complaint just made: its reference and due date (the form is back after "Make another") */
    made: sent && c.last ? complaintRow(c.last) : null,
    submitLabel: msg(sending ? 'complaints.sending' : 'complaints.submit'),
    retry: () => send({ type: 'retry' }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getProblemProps: () => ({ role: 'alert' as const }),
    getLoadingProps: () => ({ 'aria-busy': true as const, role: 'status' as const }),
    getFormProps: () => formProps({ busy: sending, onSubmit: submit, scope: 'complaint-form' }),
    getFormRegionProps: () => regionProps(FORM_TITLE_ID),
    getFormTitleProps: () => titleProps(FORM_TITLE_ID),
    getListRegionProps: () => regionProps(LIST_TITLE_ID),
    getListTitleProps: () => titleProps(LIST_TITLE_ID),
    getLabelProps: (field: ComplaintField) => labelProps(complaintFieldId(field)),
    /** a field: its message read with it; the first one refused by a submit takes the focus */
    getFieldProps: (field: ComplaintField) => ({
      ...fieldProps({
        id: complaintFieldId(field),
        name: field,
        value: c.values[field],
        invalid: field in errors,
        required: true,
        onValue: (value) => send({ type: 'field.change', field, value }),
      }),
      'data-focus-on': refusal.field === field && field in errors ? `refused-${refusal.shakes}` : undefined,
    }),
    getErrorProps: (field: ComplaintField) => fieldErrorProps(complaintFieldId(field)),
    getErrorMessageProps: () => ({ role: 'alert' as const }),
    getSubmitProps: () => submitProps({ busy: sending }),
    /** the acknowledgement: it takes the focus once, so the reference is what is read next */
    getMadeProps: () => statusProps({ focusOn: sent && c.last ? `made-${c.last.reference}` : null, scope: 'complaint-form' }),
    getAnotherProps: () => buttonProps(() => send({ type: 'complaint.another' })),
    /** one complaint of the list, named by its heading */
    getItemProps: (reference: string) => regionProps(`complaint-${reference}-title`),
    getItemTitleProps: (reference: string) => titleProps(`complaint-${reference}-title`),
  };
}

export type ComplaintsApi = ReturnType<typeof connectComplaints>;
