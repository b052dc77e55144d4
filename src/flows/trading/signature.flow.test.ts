import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';

const api = vi.hoisted(() => ({ uploadDocument: vi.fn() }));
vi.mock('../../api/verification', () => api);

const { dataUrlToBlob, signatureFlow } = await import('./signature.flow');
const { sessionActor } = await import('../shell/app.flow');

// a 1×1 PNG
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('dataUrlToBlob', () => {
  it('decodes a base64 data URL into its bytes and type', async () => {
    const blob = dataUrlToBlob(PNG);
    expect(blob.type).toBe('image/png');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
  it('takes a plain (percent-encoded) one too', async () => {
    const blob = dataUrlToBlob('data:text/plain,a%20b');
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('a b');
  });
});

describe('signatureFlow', () => {
  beforeEach(() => {
    api.uploadDocument.mockReset();
  });

  it("uploads the pad as signature.png of kind 'signature' and ends with the stored document", async () => {
    api.uploadDocument.mockResolvedValue({ message: 'Upload successful', document: { id: 'doc-9' } });
    const actor = createActor(signatureFlow, { input: { agreement: false } }).start();
    actor.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.save', image: PNG });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ documentId: 'doc-9' });
    const [kind, blob, name, options] = api.uploadDocument.mock.calls[0];
    expect([kind, name, (blob as Blob).type]).toEqual(['signature', 'signature.png', 'image/png']);
    expect(options.signal).toBeInstanceOf(AbortSignal);
  });

  it('stopping the actor (the modal closed) aborts the upload', async () => {
    let signal: AbortSignal | undefined;
    api.uploadDocument.mockImplementation((_k, _b, _n, options: { signal: AbortSignal }) => {
      signal = options.signal;
      return new Promise(() => {});
    });
    const actor = createActor(signatureFlow, { input: { agreement: false } }).start();
    actor.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.save', image: PNG });
    await settle();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('a 401 sends the session to log out', async () => {
    api.uploadDocument.mockRejectedValue({ kind: 'http', status: 401, error: 'auth.required', message: '' });
    const send = vi.spyOn(sessionActor, 'send').mockImplementation(() => {});
    const actor = createActor(signatureFlow, { input: { agreement: false } }).start();
    actor.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.save', image: PNG });
    await settle();
    expect(send).toHaveBeenCalledWith({ type: 'session.logout' });
    send.mockRestore();
  });
});
