import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallFailure } from '../../core/failure';
import { signatureMachine } from './signature.machine';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function start(agreement: boolean, save: (image: string) => Promise<{ documentId: string }>) {
  const calls = { logout: 0, images: [] as string[] };
  const actor = createActor(
    signatureMachine.provide({
      actors: {
        saveSignature: fromPromise(async ({ input }) => {
          calls.images.push(input.image);
          return save(input.image);
        }),
      },
      actions: { logout: () => void calls.logout++ },
    }),
    { input: { agreement } },
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('signature machine', () => {
  it("an empty pad gets 'Cant save empty sign!'; a stroke clears the error; saved, it ends with the document", async () => {
    const { actor, calls } = start(false, async () => ({ documentId: 'doc-7' }));
    actor.send({ type: 'sign.save', image: PNG });
    expect(actor.getSnapshot().value).toBe('drawing');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'signature.empty' });
    actor.send({ type: 'pad.changed', empty: false });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'sign.save', image: PNG });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ documentId: 'doc-7' });
    expect(calls.images).toEqual([PNG]);
  });

  it('asks for the agreement when required; an undo back to empty refuses again', () => {
    const { actor, calls } = start(true, async () => ({ documentId: 'doc-1' }));
    actor.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.save', image: PNG });
    expect(actor.getSnapshot().context.error?.key).toBe('block.agree_required');
    actor.send({ type: 'agree.set', value: true });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'pad.changed', empty: true });
    actor.send({ type: 'sign.save', image: PNG });
    expect(actor.getSnapshot().context.error?.key).toBe('signature.empty');
    expect(calls.images).toEqual([]);
  });

  it("a failed save keeps the drawing and says why: the server's message, or the generic one for the network", async () => {
    const failures: CallFailure[] = [{ kind: 'http', status: 415, error: 'upload.type', message: 'PNG, JPEG or PDF only.' }, { kind: 'network' }];
    const { actor, calls } = start(false, async () => Promise.reject(failures.shift()));
    actor.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.save', image: PNG });
    await settle();
    expect(actor.getSnapshot().value).toBe('drawing');
    expect(actor.getSnapshot().context).toMatchObject({ empty: false, error: { key: 'upload.type', fallback: 'PNG, JPEG or PDF only.' } });
    actor.send({ type: 'sign.save', image: PNG });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'signature.save_error' });
    expect(calls.logout).toBe(0);
  });

  it('a 401 logs out (spec 001 §8)', async () => {
    const { actor, calls } = start(false, async () => Promise.reject({ kind: 'http', status: 401, error: 'auth.required', message: 'Sign in first.' }));
    actor.send({ type: 'pad.changed', empty: false });
    actor.send({ type: 'sign.save', image: PNG });
    await settle();
    expect(calls.logout).toBe(1);
    expect(actor.getSnapshot().value).toBe('drawing');
  });
});
