import type { DocumentKind, DocumentStatus, VerificationState } from '../../core/contract/verification';
import type { Msg } from '../../core/message';

export interface DocumentsInput {
  /** where the trader came from and goes back to once verified (the withdrawal's need-verify step) */
  back?: 'withdrawal' | null;
}

export interface DocumentsContext {
  state: VerificationState | null;
  back: 'withdrawal' | null;
  /** the page could not be loaded (failed) or refreshed (shown beside the last known list) */
  error: Msg | null;
  /** the upload controls already started, one per required document */
  spawned: DocumentKind[];
}

export interface RemoveInput {
  kind: DocumentKind;
}

/** a document was reviewed (pushed by the server: document.updated) */
export interface Reviewed {
  id: string;
  kind: string;
  status: DocumentStatus | string;
  reason?: string;
}

export type DocumentsEvent =
  | { type: 'retry' }
  /** read the page again (a pushed user.updated) */
  | { type: 'documents.refresh' }
  /** an upload control stored a document (from the child) */
  | { type: 'upload.stored'; kind: DocumentKind }
  /** a reviewer moved a document (pushed) */
  | ({ type: 'document.updated' } & Reviewed)
  /** the trader takes back a document not yet in review (000 §7: …/{kind}/unshift) */
  | { type: 'document.remove'; kind: DocumentKind }
  | { type: 'signature.open' }
  | { type: 'signature.close' };
