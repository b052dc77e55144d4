import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownOf, termsAcceptanceMachine } from './terms-acceptance.machine';
import type { AcceptInput, LegalStatus } from './terms-acceptance.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const doc = (document: 'client_agreement' | 'risk_disclosure' | 'privacy_notice', version: number, accepted: number) => ({ document, version, effective: `2026-11-${20 + version}`, accepted });
const status = (agreement: [number, number], outdated: LegalStatus['outdated']): LegalStatus => ({
  documents: [doc('client_agreement', ...agreement), doc('risk_disclosure', 1, 1), doc('privacy_notice', 1, 1)],
  outdated,
});
const OLD = status([2, 1], ['client_agreement']);
const NEWER = status([3, 1], ['client_agreement']);
const DONE = status([2, 2], []);
const http = (status: number, error: string) => ({ kind: 'http', status, error, message: '' });

/** the machine with its calls answered in turn; what the app effects did, in order */
function run(options: { page?: boolean; reads: Array<() => Promise<LegalStatus>>; accepts?: Array<() => Promise<LegalStatus>> }) {
  const effects: string[] = [];
  const sent: AcceptInput[] = [];
  const actor = createActor(
    termsAcceptanceMachine.provide({
      actors: {
        readStatus: fromPromise(() => (options.reads.shift() ?? (() => Promise.reject(new Error('no read'))))()),
        accept: fromPromise(({ input }: { input: AcceptInput }) => {
          sent.push(input);
          return (options.accepts?.shift() ?? (() => Promise.reject(new Error('no accept'))))();
        }),
      },
      actions: { askAttention: () => void effects.push('ask'), releaseAttention: () => void effects.push('release'), announceAccepted: () => void effects.push('announce') },
    }),
    { input: { page: options.page } },
  ).start();
  return { actor, effects, sent };
}

describe('terms acceptance', () => {
  it('shows only the outdated documents, at their current versions', () => {
    expect(shownOf(OLD)).toEqual([{ document: 'client_agreement', version: 2, effective: '2026-11-22' }]);
    expect(shownOf(DONE)).toEqual([]);
  });

  it('nothing outdated: nothing asked', async () => {
    const { actor, effects } = run({ reads: [async () => DONE] });
    await settle();
    expect(actor.getSnapshot().value).toBe('current');
    expect(effects).toEqual([]);
  });

  it('asks the arbiter, shows when granted, and sends exactly the versions shown; accepted, it releases and announces', async () => {
    const { actor, effects, sent } = run({ reads: [async () => OLD], accepts: [async () => DONE] });
    await settle();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(effects).toEqual(['ask']);
    actor.send({ type: 'accept' });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'attention.granted' });
    expect(actor.getSnapshot().value).toEqual({ shown: 'reading' });
    actor.send({ type: 'accept' });
    await settle();
    expect(sent).toEqual([{ accepted: [{ document: 'client_agreement', version: 2 }] }]);
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().context.status).toEqual(DONE);
    expect(effects).toEqual(['ask', 'release', 'announce']);
    // its own news changes nothing
    actor.send({ type: 'recheck' });
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('on the Documents page: shown at once, without the arbiter', async () => {
    const { actor, effects } = run({ page: true, reads: [async () => OLD] });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'reading' });
    expect(effects).toEqual([]);
  });

  it('a version published meanwhile: refused, the new one read and shown with the reason; nothing announced', async () => {
    const { actor, effects, sent } = run({ page: true, reads: [async () => OLD, async () => NEWER], accepts: [() => Promise.reject(http(409, 'legal.outdated')), async () => DONE] });
    await settle();
    actor.send({ type: 'accept' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'reading' });
    expect(actor.getSnapshot().context.shown).toEqual([{ document: 'client_agreement', version: 3, effective: '2026-11-23' }]);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'legal.outdated' });
    expect(effects).toEqual([]);
    actor.send({ type: 'accept' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(sent[1]).toEqual({ accepted: [{ document: 'client_agreement', version: 3 }] });
    expect(effects).toEqual(['release', 'announce']);
  });

  it('a refusal read again and nothing left to accept: accepted', async () => {
    const { actor, effects } = run({ page: true, reads: [async () => OLD, async () => DONE], accepts: [() => Promise.reject(http(409, 'legal.outdated'))] });
    await settle();
    actor.send({ type: 'accept' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(effects).toEqual(['release', 'announce']);
  });

  it('a failed acceptance keeps the dialog with the reason; another refusal is not taken for a newer version', async () => {
    const { actor } = run({ page: true, reads: [async () => OLD], accepts: [() => Promise.reject({ kind: 'network' }), () => Promise.reject(http(409, 'legal.other'))] });
    await settle();
    actor.send({ type: 'accept' });
    expect(actor.getSnapshot().value).toEqual({ shown: 'accepting' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'reading' });
    expect(actor.getSnapshot().context.error?.key).toBeTruthy();
    actor.send({ type: 'accept' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'reading' });
  });

  it('Later: released, put off until a recheck reads again; a failed read is tried again by Try again', async () => {
    const { actor, effects } = run({ reads: [async () => OLD, () => Promise.reject({ kind: 'network' }), async () => DONE] });
    await settle();
    actor.send({ type: 'attention.granted' });
    actor.send({ type: 'later' });
    expect(actor.getSnapshot().value).toBe('postponed');
    expect(effects).toEqual(['ask', 'release']);
    actor.send({ type: 'recheck' });
    await settle();
    expect(actor.getSnapshot().value).toBe('unread');
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('current');
  });
});
