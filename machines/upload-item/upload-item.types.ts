import type { DocumentKind, VerificationDocument } from '../../core/contract/verification';
import type { CallFailure } from '../../core/failure';
import type { Msg } from '../../core/message';

/** A file the trader chose: what the rules read, and the file itself passed through untouched. */
export interface ChosenFile {
  name: string;
  /** bytes */
  size: number;
  /** the type the browser declares (a hint only: the server reads the content) */
  type: string;
  /** the Blob to send; the machine never looks inside */
  data: unknown;
}

export interface UploadItemInput {
  kind: DocumentKind;
  /** the largest file the server takes (10 MB) */
  maxBytes: number;
  /** how many files one control takes (file-max, default 1); extras are ignored with a message */
  fileMax?: number;
  /** what the file belongs to, when it is not the trader's own document: the bank deposit of a transfer receipt */
  target?: string;
}

export interface UploadItemContext {
  kind: DocumentKind;
  target: string;
  maxBytes: number;
  fileMax: number;
  file: ChosenFile | null;
  /** bytes sent so far and the total, from the upload's own progress events */
  loaded: number;
  total: number;
  /** the stored document after a success */
  document: VerificationDocument | null;
  error: Msg | null;
  /** the error came from sending (network, server error, too many uploads): the same file may go again */
  retryable: boolean;
  /** something said beside the control that is not an error (extra files ignored) */
  notice: Msg | null;
}

export interface UploadInput {
  kind: DocumentKind;
  /** UploadItemInput.target ('' when none) */
  target: string;
  file: ChosenFile;
}

export type UploadItemEvent =
  /** files dropped or picked; only the first fileMax are taken */
  | { type: 'files.chosen'; files: ChosenFile[] }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  /** the message of a finished upload is put away */
  | { type: 'upload.reset' }
  // sent by the upload actor
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; document: VerificationDocument }
  | { type: 'upload.failed'; error: CallFailure };
