import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { CONTACT_FIELDS, type contactFormMachine } from '../../../machines/contact-form/contact-form.machine';
import type { ContactField, ContactFormEvent } from '../../../machines/contact-form/contact-form.types';

export type ContactFormSnapshot = SnapshotFrom<typeof contactFormMachine>;

/** a phone number as a tel: address (digits and a leading +) */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** connect() for the contact page (spec 001 §5, §7-8). */
export function connectContactForm(s: ContactFormSnapshot, send: (event: ContactFormEvent) => void) {
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
  };
}

export type ContactFormApi = ReturnType<typeof connectContactForm>;
