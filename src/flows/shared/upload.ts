import { fromCallback } from 'xstate';
import type { VerificationDocument } from '../../../core/contract/verification';
import type { UploadInput, UploadItemEvent } from '../../../machines/upload-item/upload-item.types';
import { UploadAborted, uploadDocument } from '../../api/verification';

/**
 * An upload as a callback actor: the file goes to `urlOf(input)` (POST /upload when undefined),
 * its own progress events go to the machine, and stopping the actor aborts the request. The
 * personal page's documents and the bank transfer's receipt both use it.
 */
export function uploadCallback(urlOf: (input: UploadInput) => string | undefined = () => undefined) {
  return fromCallback<UploadItemEvent, UploadInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    uploadDocument(input.kind, input.file.data as Blob, input.file.name, {
      url: urlOf(input),
      signal: controller.signal,
      onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
    }).then(
      ({ document }) => sendBack({ type: 'upload.done', document: document as VerificationDocument }),
      (error: unknown) => {
        if (error instanceof UploadAborted) return;
        sendBack({ type: 'upload.failed', error: error as Extract<UploadItemEvent, { type: 'upload.failed' }>['error'] });
      },
    );
    return () => controller.abort();
  });
}
