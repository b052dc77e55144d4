import { documentsMachine } from './documents.machine';
import type { MachineModel } from '../../machine-kit/types';

const state = (over: Record<string, unknown> = {}) => ({
  verification: 'None',
  verification_type: 'passport',
  required: ['passport', 'address'],
  documents: [],
  canUpload: true,
  canSign: true,
  signed: false,
  signatureId: null,
  fileMax: 1,
  maxBytes: 10 * 1024 * 1024,
  ...over,
});

/** The personal page: load (and fail, retry), refresh, pushed reviews, taking a document back, the signature child, becoming Full. */
export const documentsModel: MachineModel = {
  machine: documentsMachine,
  inputs: [{}, { back: 'withdrawal' }],
  events: {
    'upload.stored': [{ kind: 'passport' }],
    'document.updated': [{ id: 'd-1', kind: 'passport', status: 'rejected', reason: 'The photo is blurred.' }],
    'document.remove': [{ kind: 'address' }],
  },
  actors: {
    load: [
      { output: state() },
      { output: state({ verification: 'Full', required: ['passport', 'address', 'card_front', 'card_back'] }) },
      { error: { kind: 'network' } },
    ],
    remove: [{ output: { ok: true, removed: 'd-2' } }, { error: { kind: 'http', status: 404, error: 'not_found', message: 'No such document.' } }],
    signature: [{ output: { documentId: 'sig-1' } }],
  },
  maxDepth: 5,
};
