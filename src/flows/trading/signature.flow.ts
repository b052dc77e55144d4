import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { signatureMachine } from '../../../machines/signature/signature.machine';
import { uploadDocument } from '../../api/verification';
import { sessionActor } from '../shell/app.flow';
import { connectSignature, type SignatureApi, type SignatureRef } from './signature.connect';

/** A data URL (`data:image/png;base64,…`) as the Blob it names. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const head = dataUrl.slice(0, comma);
  const body = dataUrl.slice(comma + 1);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  if (!/;base64$/.test(head)) return new Blob([decodeURIComponent(body)], { type });
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * The drawn signature bound to the server: the pad's PNG goes up as a document of kind
 * 'signature' (POST /upload, which sets the user's sign flag); stopping the actor (the modal
 * closed) aborts the upload. A 401 logs out (spec 001 §8).
 */
export const signatureFlow = signatureMachine.provide({
  actors: {
    saveSignature: fromPromise(async ({ input, signal }) => {
      const { document } = await uploadDocument('signature', dataUrlToBlob(input.image), 'signature.png', { signal });
      return { documentId: document.id };
    }),
  },
  actions: {
    logout: () => sessionActor.send({ type: 'session.logout' }),
  },
});

/** The signature a parent flow runs as its child (the trading block's modal, the personal page), for its view. */
export function useSignatureChild(ref: SignatureRef): SignatureApi {
  // one pad per parent, maybe two on a page (the personal page under the trading block's modal): ids of their own
  return connectSignature(useSelector(ref, (s) => s), ref.send, `signature${useId().replace(/[^\w-]/g, '')}`);
}

