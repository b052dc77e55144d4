import { signatureMachine } from './signature.machine';
import type { MachineModel } from '../../machine-kit/types';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** The drawn signature: empty pad refused, agreement required or not, saved, failed (server, network, 401 logs out). */
export const signatureModel: MachineModel = {
  machine: signatureMachine,
  inputs: [{ agreement: true }, { agreement: false }],
  events: {
    'pad.changed': [{ empty: false }, { empty: true }],
    'agree.set': [{ value: true }, { value: false }],
    'sign.save': [{ image: PNG }],
  },
  actors: {
    saveSignature: [
      { output: { documentId: 'doc-1' } },
      { error: { kind: 'http', status: 413, error: 'upload.too_large', message: 'The file is over 10 MB.' } },
      { error: { kind: 'http', status: 401, error: 'auth.required', message: 'Sign in first.' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 4,
};
