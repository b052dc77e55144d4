import type { ContactRequest, ContactResponse, SupportInfo } from '../../core/contract/support';
import type { Msg } from '../../core/message';

/** the fields a person fills (the honeypot `website` is not one of them: a person never sees it) */
export type ContactField = 'name' | 'email' | 'phone' | 'message';

export type ContactValues = Record<ContactField, string> & { website: string };

export interface ContactFormContext {
  values: ContactValues;
  /** field → the key of what is wrong with it (the client's checks, or the server's `fields`) */
  errors: Partial<Record<ContactField, Msg>>;
  /** the form's own refusal or failure (the answer's error/message, the rate limit, a server error) */
  error: Msg | null;
  /** the success message (return true) */
  result: Msg | null;
  /** the company's support email and phone (GET /api/info), once loaded */
  info: SupportInfo | null;
  shakes: number;
}

export type ContactFormEvent =
  | { type: 'field.change'; field: ContactField | 'website'; value: string }
  | { type: 'contact.submit' }
  | { type: 'contact.retry' }
  | { type: 'contact.again' }
  | { type: 'info.retry' };

export type { ContactRequest, ContactResponse, SupportInfo };
