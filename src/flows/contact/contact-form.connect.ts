import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { CONTACT_FIELDS, type contactFormMachine } from '../../../machines/contact-form/contact-form.machine';
import type { ContactField, ContactFormEvent } from '../../../machines/contact-form/contact-form.types';
import { fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps, buttonProps } from '../shared/props';

export type ContactFormSnapshot = SnapshotFrom<typeof contactFormMachine>;

/** a phone number as a tel: address (digits and a leading +) */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const contactFieldId = (field: string) => `contact-${field}`;
const INFO_TITLE_ID = 'contact-info-title';

/** the refused submit whose first bad field takes the focus (kept by the hook: an edited field loses its error) */
export interface ContactRefusal {
  shakes: number;
  field: ContactField | null;
}

/** connect() for the contact page (spec 001 §5, §7-8). */
export function connectContactForm(s: ContactFormSnapshot, send: (event: ContactFormEvent) => void, refusal: ContactRefusal = { shakes: 0, field: null }) {
  const isSending = s.matches({ form: 'sending' });
  const isSent = s.matches({ form: 'sent' });
  const isFailed = s.matches({ form: 'failed' });
  const info = s.context.info;
  const errors = s.context.errors;
  return {
    /** the support email and phone, once /api/info answered */
    info: info && {
      email: info.email,
      phone: info.phone,
      mailto: `mailto:${info.email}`,
      tel: telHref(info.phone),
    },
    infoLoading: s.matches({ info: 'loading' }),
    infoUnavailable: s.matches({ info: 'unavailable' }),
    onInfoRetry: () => send({ type: 'info.retry' }),
    fields: CONTACT_FIELDS,
    values: s.context.values,
    errors,
    /** the first field with an error: focused after a refused submit */
    firstBadField: CONTACT_FIELDS.find((field) => field in errors) ?? null,
    onChange: (field: ContactField | 'website', value: string) => send({ type: 'field.change', field, value }),
    isForm: !isSent,
    isBusy: isSending,
    isSent,
    canRetry: isFailed,
    error: s.context.error,
    success: isSent ? s.context.result : null,
    shakes: s.context.shakes,
    submitLabel: isSending ? msg('contacts.sending') : isFailed ? msg('contacts.retry') : msg('contacts.submit'),
    onSubmit: () => send({ type: isFailed ? 'contact.retry' : 'contact.submit' }),
    /** write another message */
    onAgain: () => send({ type: 'contact.again' }),
    getFormProps: () => formProps({ busy: isSending, onSubmit: () => send({ type: isFailed ? 'contact.retry' : 'contact.submit' }) }),
    getLabelProps: (field: ContactField) => labelProps(contactFieldId(field)),
    /** a field: its message read with it; the first one refused by a submit takes the focus */
    getFieldProps: (field: ContactField) => ({
      ...fieldProps({ id: contactFieldId(field), name: field, value: s.context.values[field], invalid: field in errors, onValue: (value) => send({ type: 'field.change', field, value }) }),
      'data-focus-on': refusal.field === field && field in errors ? `refused-${refusal.shakes}` : undefined,
    }),
    getErrorProps: (field: ContactField) => ({ id: fieldErrorProps(contactFieldId(field)).id }),
    /** the honeypot: out of the tab order (hidden from screen readers by its wrapper) */
    getTrapProps: () => ({
      id: contactFieldId('website'),
      name: 'website',
      tabIndex: -1,
      value: s.context.values.website,
      onChange: (e: { target: { value: string } }) => send({ type: 'field.change', field: 'website', value: e.target.value }),
    }),
    getTrapLabelProps: () => labelProps(contactFieldId('website')),
    getResultProps: () => ({ role: 'alert' as const }),
    getSuccessProps: () => statusProps(),
    getSubmitProps: () => submitProps({ disabled: isSending }),
    getAgainProps: () => buttonProps(() => send({ type: 'contact.again' })),
    getInfoProps: () => regionProps(INFO_TITLE_ID),
    getInfoTitleProps: () => titleProps(INFO_TITLE_ID),
    /** the contact details could not be loaded */
    getInfoStatusProps: () => ({ role: 'status' as const }),
    getInfoRetryProps: () => buttonProps(() => send({ type: 'info.retry' })),
  };
}

export type ContactFormApi = ReturnType<typeof connectContactForm>;
