import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import type { VerificationDocument, VerificationState } from '../../../core/contract/verification';
import { msg } from '../../../core/message';
import { documentsMachine } from '../../../machines/documents/documents.machine';
import { uploadItemMachine } from '../../../machines/upload-item/upload-item.machine';
import { connectDocuments, connectUploadItem, reviewedText, sizeText } from './verification.connect';

const doc = (over: Partial<VerificationDocument>): VerificationDocument => ({
  id: '0b7a4c7e-58f5-4b0e-9d0a-3f1f2f9f0c11',
  kind: 'passport',
  status: 'uploaded',
  reason: null,
  mime: 'image/png',
  size: 2048,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-25T10:00:00.000Z',
  reviewed_at: null,
  ...over,
});

const state = (over: Partial<VerificationState> = {}): VerificationState => ({
  verification: 'None',
  verification_type: 'passport',
  required: ['passport', 'address', 'card_front', 'card_back'],
  documents: [],
  canUpload: true,
  canSign: true,
  signed: false,
  signatureId: null,
  fileMax: 1,
  maxBytes: 10 * 1024 * 1024,
  ...over,
});

function documentsIn(value: StateValue, context: object, back: 'withdrawal' | null = null): SnapshotFrom<typeof documentsMachine> {
  const initial = createActor(documentsMachine, { input: { back } }).getSnapshot();
  return documentsMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

function uploadIn(value: StateValue, context: object): SnapshotFrom<typeof uploadItemMachine> {
  const initial = createActor(uploadItemMachine, { input: { kind: 'passport', maxBytes: 10 * 1024 * 1024 } }).getSnapshot();
  return uploadItemMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

const ready = { ready: { list: 'idle', signature: 'shown' } };

describe('connectDocuments', () => {
  it('loading and failed say so; retry sends retry', () => {
    expect(connectDocuments(documentsIn('loading', {}), vi.fn())).toMatchObject({ loading: true, failed: false, documents: [], canUpload: false, back: null });
    const send = vi.fn();
    const failed = connectDocuments(documentsIn('failed', { error: msg('personal.load_error') }), send);
    expect(failed).toMatchObject({ loading: false, failed: true, error: { key: 'personal.load_error' } });
    failed.retry();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
    // the getters: the failure said at once, its retry a button; the loading block busy
    expect(failed.getFailedProps()).toEqual({ role: 'alert' });
    send.mockClear();
    failed.getRetryProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
    expect(connectDocuments(documentsIn('loading', {}), vi.fn()).getLoadingProps()).toEqual({ 'aria-busy': true });
    expect(failed.getStatusProps()).toEqual({ role: 'status' });
  });

  it('each required document reads its newest upload: not sent, waiting, in review, approved, rejected with the reason', () => {
    const documents = [
      doc({ kind: 'passport', status: 'rejected', reason: 'Blurred' }),
      doc({ kind: 'passport', status: 'approved', id: 'older' }),
      doc({ kind: 'address', status: 'in_review' }),
      doc({ kind: 'card_front', status: 'uploaded' }),
      doc({ kind: 'signature', status: 'uploaded' }),
    ];
    const api = connectDocuments(documentsIn(ready, { state: state({ documents }) }), vi.fn());
    expect(api.documents.map((d) => [d.kind, d.state, d.uploadable, d.removable])).toEqual([
      ['passport', 'rejected', true, false],
      ['address', 'in_review', false, false],
      ['card_front', 'uploaded', false, true],
      ['card_back', 'not_sent', true, false],
    ]);
    expect(api.documents[0].status).toEqual(msg('personal.status.rejected_reason', undefined, { reason: 'Blurred' }));
    expect(api.documents[0].reason).toBe('Blurred');
    expect(api.documents[3].status).toEqual(msg('personal.status.not_sent'));
  });

  it('a trader who may not upload is told why (001 §5); the signature shows back once saved', () => {
    const api = connectDocuments(documentsIn(ready, { state: state({ canUpload: false, signed: true, signatureId: 'sig-1' }) }), vi.fn());
    expect(api).toMatchObject({ canUpload: false, uploadLocked: { key: 'personal.upload_locked' }, signed: true, signatureSaved: true, signatureUrl: '/upload/sig-1', verified: false });
    // signed by a document upload (002 §4) is not a drawn signature
    expect(connectDocuments(documentsIn(ready, { state: state({ signed: true }) }), vi.fn())).toMatchObject({ signed: true, signatureSaved: false, signatureUrl: null });
    expect(connectDocuments(documentsIn(ready, { state: state() }), vi.fn()).uploadLocked).toBeNull();
  });

  it('the way back to the withdrawal: a plain link until verified, then the main button', () => {
    expect(connectDocuments(documentsIn(ready, { state: state() }, 'withdrawal'), vi.fn()).back).toEqual({ href: '#/show/withdrawal', label: msg('personal.back_withdrawal'), primary: false });
    const full = connectDocuments(documentsIn(ready, { state: state({ verification: 'Full' }) }, 'withdrawal'), vi.fn());
    expect(full).toMatchObject({ verified: true, back: { label: { key: 'personal.back_withdrawal_ready' }, primary: true } });
  });

  it('refreshing, removing and signing are read from the regions; handlers send their events', () => {
    const send = vi.fn();
    const api = connectDocuments(documentsIn({ ready: { list: 'removing', signature: 'signing' } }, { state: state() }), send);
    expect(api).toMatchObject({ removing: true, refreshing: false, signing: true });
    expect(connectDocuments(documentsIn({ ready: { list: 'refreshing', signature: 'shown' } }, { state: state() }), vi.fn()).refreshing).toBe(true);
    api.remove('address');
    api.openSignature();
    api.closeSignature();
    expect(send.mock.calls).toEqual([[{ type: 'document.remove', kind: 'address' }], [{ type: 'signature.open' }], [{ type: 'signature.close' }]]);
    // the signature's card named by its heading; its buttons send the same events
    expect(api.getSignatureRegionProps()).toEqual({ 'aria-labelledby': 'vf-signature-title' });
    expect(api.getSignatureTitleProps()).toEqual({ id: 'vf-signature-title' });
    send.mockClear();
    api.getSignOpenProps().onClick();
    api.getSignCancelProps().onClick();
    expect(send.mock.calls).toEqual([[{ type: 'signature.open' }], [{ type: 'signature.close' }]]);
  });

  it('the intro names the largest file the server reported (its maxBytes), or says the trader is verified', () => {
    expect(connectDocuments(documentsIn(ready, { state: state({ maxBytes: 5 * 1024 * 1024 }) }), vi.fn()).intro).toEqual(msg('personal.intro', undefined, { mb: 5 }));
    expect(connectDocuments(documentsIn(ready, { state: state({ verification: 'Full' }) }), vi.fn()).intro).toEqual(msg('personal.intro_verified'));
  });

  it('the notification of a review names the document and the outcome', () => {
    expect(reviewedText({ id: 'd', kind: 'passport', status: 'approved' })).toEqual(msg('personal.reviewed.passport.approved'));
    expect(reviewedText({ id: 'd', kind: 'address', status: 'rejected', reason: 'Old bill' })).toEqual(msg('personal.reviewed.address.rejected', undefined, { reason: 'Old bill' }));
    expect(reviewedText({ id: 'd', kind: 'something', status: 'in_review' })).toEqual(msg('personal.reviewed.other.in_review'));
  });
});

describe('connectUploadItem', () => {
  const file = { name: 'passport.png', size: 2 * 1024 * 1024, type: 'image/png', data: null };

  it('uploading: the percent and the bytes sent from the progress events; cancel sends upload.cancel', () => {
    const send = vi.fn();
    const api = connectUploadItem(uploadIn('uploading', { file, loaded: 1024 * 1024, total: 2 * 1024 * 1024 }), send);
    expect(api).toMatchObject({ phase: 'uploading', fileName: 'passport.png', percent: 50, sentText: msg('upload.sent', undefined, { loaded: '1.0 MB', total: '2.0 MB' }), canRetry: false });
    api.cancel();
    api.choose([file]);
    expect(send.mock.calls).toEqual([[{ type: 'upload.cancel' }], [{ type: 'files.chosen', files: [file] }]]);
    // the getters: the progress read politely, the bar's values, cancel a button
    expect(api.getProgressBoxProps()).toEqual({ 'aria-live': 'polite' });
    expect(api.getProgressProps()).toEqual({ role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': 50 });
    send.mockClear();
    api.getCancelProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'upload.cancel' });
  });

  it('the file inputs and their labels have ids of their document kind; a pick sends the files and empties the input', () => {
    const send = vi.fn();
    const api = connectUploadItem(uploadIn('waiting', {}), send);
    expect([api.getInputProps('file').id, api.getInputLabelProps('file'), api.getInputProps('camera').id]).toEqual(['upload-passport-file', { htmlFor: 'upload-passport-file' }, 'upload-passport-camera']);
    const data = { name: 'p.pdf', size: 10, type: 'application/pdf' };
    const target = { files: [data] as unknown as FileList, value: 'C:\\fakepath\\p.pdf' };
    api.getInputProps('file').onChange({ target } as never);
    expect(send).toHaveBeenCalledWith({ type: 'files.chosen', files: [{ name: 'p.pdf', size: 10, type: 'application/pdf', data }] });
    expect(target.value).toBe('');
  });

  it('success is 100%; an error that came from sending may be retried, one from the file may not', () => {
    expect(connectUploadItem(uploadIn({ waiting: 'success' }, { file, loaded: 10, total: 10 }), vi.fn())).toMatchObject({ phase: 'success', percent: 100, sentText: null });
    const network = connectUploadItem(uploadIn({ waiting: 'error' }, { file, error: msg('upload.error'), retryable: true }), vi.fn());
    expect(network).toMatchObject({ phase: 'error', canRetry: true, error: { key: 'upload.error' } });
    const refused = connectUploadItem(uploadIn({ waiting: 'error' }, { file, error: msg('upload.type'), retryable: false }), vi.fn());
    expect(refused.canRetry).toBe(false);
    expect([network.getErrorProps(), connectUploadItem(uploadIn({ waiting: 'success' }, { file }), vi.fn()).getSuccessProps()]).toEqual([{ role: 'alert' }, { role: 'status' }]);
    const send = vi.fn();
    connectUploadItem(uploadIn({ waiting: 'error' }, { file, error: msg('upload.error'), retryable: true }), send).getRetryProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'upload.retry' });
  });

  it('the rules name the largest file this control takes (its maxBytes)', () => {
    expect(connectUploadItem(uploadIn('waiting', {}), vi.fn()).rules).toEqual(msg('upload.rules', undefined, { mb: 10 }));
    expect(connectUploadItem(uploadIn('waiting', { maxBytes: 1.5 * 1024 * 1024 }), vi.fn()).rules).toEqual(msg('upload.rules', undefined, { mb: 1.5 }));
  });

  it('sizes read in KB below a megabyte, cut to one decimal above', () => {
    expect(sizeText(300)).toBe('1 KB');
    expect(sizeText(512 * 1024)).toBe('512 KB');
    expect(sizeText(1.99 * 1024 * 1024)).toBe('1.9 MB');
  });
});
