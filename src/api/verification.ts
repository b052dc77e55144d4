import type { DocumentKind, UnshiftResponse, UploadResponse, VerificationState } from '../../core/contract/verification';
import { call, type CallFailure } from './http';
import { csrfToken } from './csrf';
import { contractOf } from './contracts';

const verificationContract = () => import('../../core/contract/verification');

/** The personal page's state: documents, what is needed, who may upload (GET /api/verification/documents). */
export const loadVerification = (): Promise<VerificationState> => call(contractOf(verificationContract, 'VerificationState'), '/api/verification/documents');

/** The trader takes back their newest document of `kind` not yet in review (spec 000 §7: /api/kayako/upload/{kind}/unshift). */
export const unshiftDocument = (kind: DocumentKind): Promise<UnshiftResponse> =>
  call(contractOf(verificationContract, 'UnshiftResponse'), `/api/kayako/upload/${kind}/unshift`, { method: 'POST' });

export interface UploadOptions {
  /** the upload's own progress events: bytes sent so far and the total */
  onProgress?: (loaded: number, total: number) => void;
  /** aborts the upload (the cancel button) */
  signal?: AbortSignal;
  /** where to send it (default POST /upload); a transfer receipt goes to /api/report/bank/{id}/receipt */
  url?: string;
}

/** an aborted upload: not a failure to show */
export class UploadAborted extends Error {
  constructor() {
    super('upload aborted');
    this.name = 'UploadAborted';
  }
}

/**
 * Sends one file (POST /upload: multipart `type`, `doc_type` and `file`, with the CSRF header).
 * XMLHttpRequest, not fetch: only it reports the upload's progress in every browser. Resolves
 * with the stored document; rejects with a CallFailure like every other call, or UploadAborted.
 */
export function uploadDocument(kind: DocumentKind, file: Blob, name: string, options: UploadOptions = {}): Promise<UploadResponse> {
  // the answer's schema asked for as the upload starts, not when it ends: the answer resolves in
  // the task that reads it, before the user refresh its push starts (a signature's dialog,
  // closed by that refresh, dropped its save while this chunk was still on its way)
  const contract = verificationContract();
  contract.catch(() => undefined); // read below when the upload is answered; a failed upload never reads it
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('type', kind);
    form.append('doc_type', kind);
    form.append('file', file, name);
    xhr.open('POST', options.url ?? '/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-csrf-token', csrfToken());
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    const fail = (failure: CallFailure) => reject(failure);
    xhr.onerror = () => fail({ kind: 'network' });
    xhr.onabort = () => reject(new UploadAborted());
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        contract.then(
          ({ UploadResponse }) => {
            const parsed = UploadResponse.safeParse(body);
            if (parsed.success) resolve(parsed.data);
            else fail({ kind: 'http', status: xhr.status, error: 'server_error', message: 'Unexpected answer from the server' });
          },
          () => fail({ kind: 'network' }),
        );
        return;
      }
      const error = body as { error?: unknown; message?: unknown } | null;
      fail({
        kind: 'http',
        status: xhr.status,
        error: typeof error?.error === 'string' ? error.error : 'server_error',
        message: typeof error?.message === 'string' ? error.message : '',
      });
    };
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new UploadAborted());
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
