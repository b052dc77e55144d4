import type { ChangeEvent } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { DocumentKind, VerificationDocument } from '../../../core/contract/verification';
import { msg, type Msg } from '../../../core/message';
import { megabytes, UPLOAD_MAX_BYTES } from '../../../core/upload';
import type { documentsMachine } from '../../../machines/documents/documents.machine';
import type { Reviewed } from '../../../machines/documents/documents.types';
import type { uploadItemMachine } from '../../../machines/upload-item/upload-item.machine';
import type { ChosenFile } from '../../../machines/upload-item/upload-item.types';
import { buttonProps, regionProps, titleProps } from '../shared/props';

type DocumentsSnapshot = SnapshotFrom<typeof documentsMachine>;
type UploadSnapshot = SnapshotFrom<typeof uploadItemMachine>;

/** what the page says about one document: its newest upload decides */
export type DocumentState = 'not_sent' | 'uploaded' | 'in_review' | 'approved' | 'rejected';

export interface RequiredDocument {
  kind: DocumentKind;
  title: Msg;
  state: DocumentState;
  /** the status line ('Not sent yet', 'Uploaded', 'In review', 'Approved', 'Rejected: …') */
  status: Msg;
  /** the reviewer's reason of a rejection */
  reason: string | null;
  /** the newest upload of this kind, to look at (GET /upload/{id}) */
  latest: VerificationDocument | null;
  /** a new upload is possible: nothing sent, or the last one was rejected (or not yet in review: it replaces it) */
  uploadable: boolean;
  /** the newest upload can still be taken back (not in review yet) */
  removable: boolean;
}

export interface DocumentsApi {
  loading: boolean;
  failed: boolean;
  /** the last load or refresh failed (shown beside the list) */
  error: Msg | null;
  refreshing: boolean;
  removing: boolean;
  verified: boolean;
  /** what the page says first: verified, or what to send and up to which size (the server's maxBytes) */
  intro: Msg;
  documents: RequiredDocument[];
  /** 001 §5: uploads are allowed; otherwise `uploadLocked` says why */
  canUpload: boolean;
  uploadLocked: Msg | null;
  canSign: boolean;
  signed: boolean;
  /** a drawn signature is stored (signed may also come from a document upload, 002 §4) */
  signatureSaved: boolean;
  /** the saved signature (GET /upload/{id}) */
  signatureUrl: string | null;
  signing: boolean;
  /** where to go back to (the withdrawal) and how the link reads */
  back: { href: string; label: Msg; primary: boolean } | null;
  retry: () => void;
  remove: (kind: DocumentKind) => void;
  openSignature: () => void;
  closeSignature: () => void;
  /** the verification badge: announced when it changes */
  getStatusProps: () => { role: 'status' };
  /** the page's documents are loading */
  getLoadingProps: () => { 'aria-busy': true };
  /** the load failed, or the last refresh did: said at once */
  getFailedProps: () => { role: 'alert' };
  getErrorProps: () => { role: 'alert' };
  getRetryProps: () => ReturnType<typeof buttonProps>;
  /** the signature's card, named by its heading; sign (again) and cancel */
  getSignatureRegionProps: () => ReturnType<typeof regionProps>;
  getSignatureTitleProps: () => ReturnType<typeof titleProps>;
  getSignOpenProps: () => ReturnType<typeof buttonProps>;
  getSignCancelProps: () => ReturnType<typeof buttonProps>;
}

const TITLES: Record<DocumentKind, string> = {
  passport: 'personal.doc.passport',
  address: 'personal.doc.address',
  card_front: 'personal.doc.card_front',
  card_back: 'personal.doc.card_back',
  signature: 'personal.doc.signature',
  receipt: 'personal.doc.other',
};

export const documentTitle = (kind: string): Msg => msg(TITLES[kind as DocumentKind] ?? 'personal.doc.other');

/** The notification of a review: 'Your passport was approved' / '… was rejected: {reason}' (one key per kind and outcome). */
export function reviewedText(reviewed: Reviewed): Msg {
  const kind = reviewed.kind in TITLES ? reviewed.kind : 'other';
  const outcome = reviewed.status === 'approved' || reviewed.status === 'rejected' ? reviewed.status : 'in_review';
  return msg(`personal.reviewed.${kind}.${outcome}`, undefined, outcome === 'rejected' ? { reason: reviewed.reason ?? '' } : undefined);
}

function describe(kind: DocumentKind, documents: VerificationDocument[]): RequiredDocument {
  const latest = documents.find((d) => d.kind === kind) ?? null;
  const state: DocumentState = latest ? latest.status : 'not_sent';
  return {
    kind,
    title: documentTitle(kind),
    state,
    status: state === 'rejected' ? msg('personal.status.rejected_reason', undefined, { reason: latest?.reason ?? '' }) : msg(`personal.status.${state}`),
    reason: state === 'rejected' ? (latest?.reason ?? null) : null,
    latest,
    uploadable: state === 'not_sent' || state === 'rejected',
    removable: state === 'uploaded',
  };
}

/** The personal page for its view. */
export function connectDocuments(s: DocumentsSnapshot, send: (event: EventFrom<typeof documentsMachine>) => void): DocumentsApi {
  const state = s.context.state;
  const verified = state?.verification === 'Full';
  const retry = () => send({ type: 'retry' });
  const openSignature = () => send({ type: 'signature.open' });
  const closeSignature = () => send({ type: 'signature.close' });
  const back = s.context.back === 'withdrawal' ? { href: '#/show/withdrawal', label: msg(verified ? 'personal.back_withdrawal_ready' : 'personal.back_withdrawal'), primary: verified } : null;
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    error: s.context.error,
    refreshing: s.matches({ ready: { list: 'refreshing' } }),
    removing: s.matches({ ready: { list: 'removing' } }),
    verified,
    intro: verified ? msg('personal.intro_verified') : msg('personal.intro', undefined, { mb: megabytes(state?.maxBytes ?? UPLOAD_MAX_BYTES) }),
    documents: (state?.required ?? []).filter((kind) => kind !== 'signature').map((kind) => describe(kind, state?.documents ?? [])),
    canUpload: state?.canUpload ?? false,
    uploadLocked: state && !state.canUpload ? msg('personal.upload_locked') : null,
    canSign: state?.canSign ?? false,
    signed: state?.signed ?? false,
    signatureSaved: Boolean(state?.signatureId),
    signatureUrl: state?.signatureId ? `/upload/${state.signatureId}` : null,
    signing: s.matches({ ready: { signature: 'signing' } }),
    back,
    retry,
    remove: (kind) => send({ type: 'document.remove', kind }),
    openSignature,
    closeSignature,
    getStatusProps: () => ({ role: 'status' }),
    getLoadingProps: () => ({ 'aria-busy': true }),
    getFailedProps: () => ({ role: 'alert' }),
    getErrorProps: () => ({ role: 'alert' }),
    getRetryProps: () => buttonProps(retry),
    getSignatureRegionProps: () => regionProps('vf-signature-title'),
    getSignatureTitleProps: () => titleProps('vf-signature-title'),
    getSignOpenProps: () => buttonProps(openSignature),
    getSignCancelProps: () => buttonProps(closeSignature),
  };
}

export interface UploadItemApi {
  phase: 'idle' | 'uploading' | 'success' | 'error';
  fileName: string | null;
  /** 0–100, from the upload's own progress events */
  percent: number;
  /** "1.2 MB of 3.4 MB" */
  sentText: Msg | null;
  /** the types and the largest size this control takes */
  rules: Msg;
  error: Msg | null;
  notice: Msg | null;
  canRetry: boolean;
  /** files dropped or picked */
  choose: (files: ChosenFile[]) => void;
  /** the files of a drop (or an input) */
  chooseList: (list: FileList | null) => void;
  cancel: () => void;
  retry: () => void;
  reset: () => void;
  /** the progress while sending: read politely as it moves */
  getProgressBoxProps: () => { 'aria-live': 'polite' };
  /** the bar (its name is the view's: the document's title) */
  getProgressProps: () => { role: 'progressbar'; 'aria-valuemin': 0; 'aria-valuemax': 100; 'aria-valuenow': number };
  getCancelProps: () => ReturnType<typeof buttonProps>;
  /** the file input (`'file'`, or `'camera'`: a phone's camera) and the label that opens it, per document kind */
  getInputProps: (input: 'file' | 'camera') => { id: string; type: 'file'; onChange: (e: ChangeEvent<HTMLInputElement>) => void };
  getInputLabelProps: (input: 'file' | 'camera') => { htmlFor: string };
  /** 'Upload successful': announced */
  getSuccessProps: () => { role: 'status' };
  /** the refusal or failure: said at once, with a retry when the same file may go again */
  getErrorProps: () => { role: 'alert' };
  getRetryProps: () => ReturnType<typeof buttonProps>;
}

/** the files of a file input as the machine takes them */
const chosenOf = (list: FileList | null): ChosenFile[] => Array.from(list ?? [], (file) => ({ name: file.name, size: file.size, type: file.type, data: file }));

/** bytes as the page shows them (KB below a megabyte) */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(Math.floor((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;
}

/** One upload control for its view. */
export function connectUploadItem(s: UploadSnapshot, send: (event: EventFrom<typeof uploadItemMachine>) => void): UploadItemApi {
  const { loaded, total, file } = s.context;
  const phase = s.matches('uploading') ? 'uploading' : s.matches({ waiting: 'success' }) ? 'success' : s.matches({ waiting: 'error' }) ? 'error' : 'idle';
  const percent = phase === 'success' ? 100 : total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const choose = (files: ChosenFile[]) => send({ type: 'files.chosen', files });
  const cancel = () => send({ type: 'upload.cancel' });
  const retry = () => send({ type: 'upload.retry' });
  const inputId = (input: 'file' | 'camera') => `upload-${s.context.kind}-${input}`;
  return {
    getProgressBoxProps: () => ({ 'aria-live': 'polite' }),
    getProgressProps: () => ({ role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': percent }),
    getCancelProps: () => buttonProps(cancel),
    getInputProps: (input) => ({
      id: inputId(input),
      type: 'file',
      onChange: (e) => {
        choose(chosenOf(e.target.files));
        // the same file may be picked again after an error
        e.target.value = '';
      },
    }),
    getInputLabelProps: (input) => ({ htmlFor: inputId(input) }),
    getSuccessProps: () => ({ role: 'status' }),
    getErrorProps: () => ({ role: 'alert' }),
    getRetryProps: () => buttonProps(retry),
    phase,
    fileName: file?.name ?? null,
    percent,
    rules: msg('upload.rules', undefined, { mb: megabytes(s.context.maxBytes) }),
    sentText: phase === 'uploading' && total > 0 ? msg('upload.sent', undefined, { loaded: sizeText(loaded), total: sizeText(total) }) : null,
    error: s.context.error,
    notice: s.context.notice,
    canRetry: s.can({ type: 'upload.retry' }),
    choose,
    chooseList: (list) => choose(chosenOf(list)),
    cancel,
    retry,
    reset: () => send({ type: 'upload.reset' }),
  };
}
