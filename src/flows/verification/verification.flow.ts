import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { msg } from '../../../core/message';
import { documentsMachine, uploadItemChild, uploadItemId } from '../../../machines/documents/documents.machine';
import { onServerEvent } from '../../api/events';
import { loadVerification, unshiftDocument } from '../../api/verification';
import { uploadCallback } from '../shared/upload';
import { sessionActor, showToast } from '../shell/app.flow';
import { requestToast } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';
import { signatureFlow } from '../trading/signature.flow';
import { selectSignatureChild } from '../trading/signature.connect';
import { connectDocuments, connectUploadItem, reviewedText } from './verification.connect';

const refreshUser = () => sessionActor.send({ type: 'user.update' });

const upload = uploadCallback();

export const uploadItemFlow = uploadItemChild.provide({
  actors: { upload },
  actions: {
    // 'Upload successful' is said beside the control (a toast would cover the page on a phone);
    // a stored document or signature lifts the trading block (002 §4)
    uploaded: refreshUser,
    logout: () => sessionActor.send({ type: 'session.logout' }),
  },
});

export const documentsFlow = documentsMachine.provide({
  actors: {
    load: fromPromise(() => loadVerification()),
    remove: fromPromise(({ input }) => unshiftDocument(input.kind)),
    uploadItem: uploadItemFlow,
    signature: signatureFlow,
  },
  actions: {
    reviewed: ({ event }) => {
      if (event.type === 'document.updated') requestToast(reviewedText(event), event.status === 'approved' ? 'success' : event.status === 'rejected' ? 'error' : 'info');
    },
    refreshUser,
    signed: () => showToast(msg('personal.signature_saved'), 'success'),
  },
});

type UploadItemRef = ActorRefFrom<typeof uploadItemFlow>;

/** One upload control of the page, read from the list's child of that kind. */
export function useUploadItem(ref: UploadItemRef) {
  return connectUploadItem(useSelector(ref, (s) => s), ref.send);
}

/**
 * The personal page: the document list with its upload controls and signature as children,
 * following the review pushed by the server (document.updated, user.updated).
 */
export function useDocuments(back: 'withdrawal' | null) {
  const actor = useActorRef(documentsFlow, { input: { back }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  useEffect(
    () =>
      onServerEvent((event) => {
        if (event.type === 'document.updated' && event.id && event.kind && event.status) {
          actor.send({ type: 'document.updated', id: event.id, kind: event.kind, status: event.status, reason: event.reason });
        } else if (event.type === 'user.updated') {
          actor.send({ type: 'documents.refresh' });
        }
      }),
    [actor],
  );
  const items = (snapshot.context.state?.required ?? [])
    .filter((kind) => kind !== 'signature')
    .map((kind) => ({ kind, ref: snapshot.children[uploadItemId(kind)] as UploadItemRef | undefined }))
    .filter((item): item is { kind: typeof item.kind; ref: UploadItemRef } => item.ref !== undefined);
  return { ...connectDocuments(snapshot, actor.send), items, signatureRef: selectSignatureChild(snapshot) };
}

export type DocumentsApi = ReturnType<typeof useDocuments>;
