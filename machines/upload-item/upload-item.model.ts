import { uploadItemMachine } from './upload-item.machine';
import type { MachineModel } from '../../machine-kit/types';

const file = (name: string, size: number, type = '') => ({ name, size, type, data: null });
const document = {
  id: '0b7a4c7e-58f5-4b0e-9d0a-3f1f2f9f0c11',
  kind: 'passport',
  status: 'uploaded',
  reason: null,
  mime: 'image/png',
  size: 2048,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-25T10:00:00.000Z',
  reviewed_at: null,
};
const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** One upload control: nothing chosen, extras, empty, too large, wrong type, progress, cancel, success, refusals, retry, 401. */
export const uploadItemModel: MachineModel = {
  machine: uploadItemMachine,
  input: { kind: 'passport', maxBytes: 10 * 1024 * 1024, fileMax: 1 },
  events: {
    'files.chosen': [
      { files: [file('passport.png', 2048, 'image/png')] },
      { files: [file('front.jpg', 4096), file('back.jpg', 4096)] },
      { files: [] },
      { files: [file('empty.pdf', 0)] },
      { files: [file('huge.pdf', 11 * 1024 * 1024)] },
      { files: [file('setup.exe', 1024, 'application/x-msdownload')] },
    ],
  },
  emitted: {
    upload: [
      { type: 'upload.progress', loaded: 1024, total: 2048 },
      { type: 'upload.done', document },
      { type: 'upload.failed', error: { kind: 'network' } },
      { type: 'upload.failed', error: http(415, 'upload.type', 'File type is not [ PNG, JPG, JPEG, PDF ]!') },
      { type: 'upload.failed', error: http(401, 'auth.required', 'Sign in again.') },
    ],
  },
  maxDepth: 5,
};
