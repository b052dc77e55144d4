import type { LegalStatus } from '../../core/contract/legal';
import type { LegalDocumentId } from '../../core/legal/documents';
import type { Msg } from '../../core/message';

export interface TermsAcceptanceInput {
  /** on the Documents page (#/show/terms): shown at once, no arbiter and no Later; else the dialog after sign-in */
  page?: boolean;
}

/** one document to accept: the version shown (the one the acceptance sends) */
export interface TermsShown {
  document: LegalDocumentId;
  version: number;
  /** the day it took effect, YYYY-MM-DD */
  effective: string;
}

export interface TermsAcceptanceContext {
  page: boolean;
  /** the documents and versions as the server last said (null until read) */
  status: LegalStatus | null;
  /** the documents whose current version is not accepted, at the versions shown */
  shown: TermsShown[];
  error: Msg | null;
}

/** what the accept actor sends: exactly the versions shown */
export interface AcceptInput {
  accepted: { document: LegalDocumentId; version: number }[];
}

export type TermsAcceptanceEvent =
  /** the attention arbiter let the dialog show (nothing else on screen, no money flow running) */
  | { type: 'attention.granted' }
  /** I have read and accept: sends the versions shown */
  | { type: 'accept' }
  /** Later (the dialog only): closes; deposits and trading stay locked, the Documents page can accept */
  | { type: 'later' }
  /** Try again after a failed read */
  | { type: 'retry' }
  /** read again (the trader accepted on the Documents page while this dialog was put off) */
  | { type: 'recheck' };

export type { LegalStatus };
