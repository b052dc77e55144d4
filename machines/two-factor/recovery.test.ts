import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { recoveryCodesMachine } from './recovery.machine';
import type { RecoveryStatus } from './two-factor.types';

/** What the generated paths do not check: the values each step keeps, says and hands on (mutation score). */
function recovery(options: { load?: () => Promise<RecoveryStatus>; issue?: () => Promise<{ codes: string[] }> } = {}) {
  const saved: string[][] = [];
  const entries: unknown[] = [];
  const machine = recoveryCodesMachine.provide({
    actors: {
      loadStatus: fromPromise(options.load ?? (async () => ({ on: true, left: 7, createdAt: '2026-05-01T10:00:00.000Z' }))),
      issueCodes: fromPromise(options.issue ?? (async () => ({ codes: ['k7m2p-x9q4r', 'a2b3c-d4e5f'] }))),
      // the authenticator's code: confirmed at once (its input recorded)
      twoFactorEntry: createMachine({ context: ({ input }) => (entries.push(input), {}), initial: 'done', states: { done: { type: 'final' } } }) as never,
    },
    actions: { saveCodes: (_, params) => saved.push(params.codes) },
  });
  return { actor: createActor(machine).start(), saved, entries };
}

describe('recovery codes on the security page', () => {
  it('reads how many are left and when they were made', async () => {
    const { actor } = recovery();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context).toEqual({ left: 7, createdAt: '2026-05-01T10:00:00.000Z', codes: [], error: null });
  });

  it('a failed read says so (its own key without a server answer) and is tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce({ on: true, left: 3, createdAt: null });
    const { actor } = recovery({ load });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'recovery.load_failed' });
    actor.send({ type: 'status.retry' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ left: 3, error: null });
  });

  it('new codes: the authenticator code for a change first, then the codes until saved (as a file too), then the count again', async () => {
    const load = vi.fn().mockResolvedValueOnce({ on: true, left: 2, createdAt: null }).mockResolvedValueOnce({ on: true, left: 10, createdAt: '2026-05-02T10:00:00.000Z' });
    const { actor, saved, entries } = recovery({ load });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'codes.renew' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(entries).toEqual([{ type: 'google', purpose: 'change' }]);
    expect(actor.getSnapshot().context.codes).toEqual(['k7m2p-x9q4r', 'a2b3c-d4e5f']);
    actor.send({ type: 'codes.download' });
    expect(saved).toEqual([['k7m2p-x9q4r', 'a2b3c-d4e5f']]);
    actor.send({ type: 'codes.saved' });
    expect(actor.getSnapshot().context.codes).toEqual([]);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.left).toBe(10);
  });

  it('refused new codes keep the count and say why (its own key without a server answer); the next try clears it', async () => {
    const issue = vi.fn().mockRejectedValueOnce({ kind: 'http', status: 403, error: 'factor.required', message: 'Confirm first.' }).mockRejectedValueOnce({ kind: 'network' });
    const { actor } = recovery({ issue });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'codes.renew' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ left: 7, error: { key: 'factor.required', fallback: 'Confirm first.' } });
    actor.send({ type: 'codes.renew' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'recovery.issue_failed' });
  });
});
