import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExcludeRequest, ExcludeResponse } from '../../core/contract/self-exclusion';
import { endOf, selfExclusionMachine, serverFieldErrors } from './self-exclusion.machine';
import { inForce, NOW } from './self-exclusion.model';

/** What the model does not try: the end from the page's clock, the server's field keys, what is sent, the password's short life. */
describe('self-exclusion: the end and the refusals', () => {
  it('ends the break by core’s rule from the clock the event brings', () => {
    expect(endOf('24h', NOW)).toBe('2026-12-02T10:00:00.000Z');
    expect(endOf('6w', NOW)).toBe('2027-01-12T10:00:00.000Z');
    expect(endOf('6m', NOW)).toBe('2027-06-01T10:00:00.000Z');
    // a day the month lacks falls on its last day: never shorter than asked
    expect(endOf('6m', Date.parse('2026-08-31T23:30:00.000Z'))).toBe('2027-02-28T23:30:00.000Z');
    expect(endOf('5y', NOW)).toBe('2031-12-01T10:00:00.000Z');
  });

  it('marks the fields the server names, by `fields` or by the refusal’s key', () => {
    expect(serverFieldErrors({ kind: 'http', status: 401, error: 'exclusion.password', message: 'The password is not right.', fields: { password: 'exclusion.password' } })).toEqual({
      password: { key: 'exclusion.password', fallback: 'The password is not right.' },
    });
    expect(serverFieldErrors({ kind: 'http', status: 400, error: 'exclusion.choice', message: 'Choose one of the periods offered.' })).toEqual({
      choice: { key: 'exclusion.choice', fallback: 'Choose one of the periods offered.' },
    });
    expect(serverFieldErrors({ kind: 'http', status: 400, error: 'validation', message: 'Bad.', fields: { choice: 'exclusion.choice' } })).toEqual({ choice: { key: 'exclusion.choice' } });
    expect(serverFieldErrors({ kind: 'http', status: 400, error: 'validation', message: 'Bad.', fields: { password: 'exclusion.password' } })).toEqual({ password: { key: 'exclusion.password' } });
    expect(serverFieldErrors({ kind: 'http', status: 401, error: 'exclusion.password', message: 'Wrong.' })).toEqual({ password: { key: 'exclusion.password', fallback: 'Wrong.' } });
    expect(serverFieldErrors({ kind: 'http', status: 429, error: 'login.locked', message: 'Too many.' })).toEqual({});
    expect(serverFieldErrors({ kind: 'network' })).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('self-exclusion: the flow of one break', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const start = (exclude: (input: ExcludeRequest) => Promise<ExcludeResponse>) => {
    const left: Array<{ kind: string; until: string }> = [];
    const actor = createActor(
      selfExclusionMachine.provide({
        actors: { exclude: fromPromise(({ input }) => exclude(input)) },
        actions: { leave: (_, params) => void left.push(params) },
      }),
    ).start();
    return { actor, left };
  };

  it('ignores what is not a choice, and refuses to go on without one', () => {
    const { actor } = start(() => Promise.reject({ kind: 'network' }));
    actor.send({ type: 'choice.pick', choice: '10y' });
    actor.send({ type: 'choice.continue', now: NOW });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ choice: '', until: null, fieldErrors: { choice: { key: 'pause.error.choice' } }, shakes: 1 });
    actor.send({ type: 'choice.pick', choice: '1y' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'choice.continue', now: NOW });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ choice: '1y', kind: 'exclusion', until: '2027-12-01T10:00:00.000Z' });
  });

  it('holds the password from the confirmation to the answer only; a wrong one is to be typed again', async () => {
    const sent: ExcludeRequest[] = [];
    const { actor, left } = start((input) => {
      sent.push(input);
      return Promise.reject({ kind: 'http', status: 401, error: 'exclusion.password', message: 'The password is not right.', fields: { password: 'exclusion.password' } });
    });
    actor.send({ type: 'choice.pick', choice: '7d' });
    actor.send({ type: 'choice.continue', now: NOW });
    actor.send({ type: 'exclusion.confirm', password: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: { key: 'pause.error.password' } });
    actor.send({ type: 'password.edit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'exclusion.confirm', password: ' wrong ' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.password).toBe(' wrong ');
    await settle();
    expect(sent).toEqual([{ choice: '7d', password: ' wrong ' }]);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ password: '', choice: '7d', passwordResets: 1, shakes: 2, error: null });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: { key: 'exclusion.password', fallback: 'The password is not right.' } });
    expect(left).toEqual([]);
  });

  it('a failure is said with Try again, the choice kept; in force, the server’s end is the one shown and the page leaves', async () => {
    let calls = 0;
    const { actor, left } = start(async (input) => {
      calls += 1;
      if (calls === 1) throw { kind: 'network' };
      return inForce(input.choice as '6m');
    });
    actor.send({ type: 'choice.pick', choice: '6m' });
    actor.send({ type: 'choice.continue', now: NOW });
    actor.send({ type: 'exclusion.confirm', password: 'Sandbox-1234abcd1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ choice: '6m', password: '', error: { key: 'pause.failed' }, shakes: 1 });
    actor.send({ type: 'exclusion.confirm', password: 'Sandbox-1234abcd1' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'exclusion', until: inForce('6m').until, password: '' });
    expect(left).toEqual([inForce('6m')]);
  });

  it('a choice the server refuses goes back to the choices, marked; going back forgets the confirmation’s messages', async () => {
    const { actor } = start(() => Promise.reject({ kind: 'http', status: 400, error: 'exclusion.choice', message: 'Choose one of the periods offered.' }));
    actor.send({ type: 'choice.pick', choice: '3y' });
    actor.send({ type: 'choice.continue', now: NOW });
    actor.send({ type: 'exclusion.confirm', password: 'pw' });
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ choice: '3y', password: '', passwordResets: 0, fieldErrors: { choice: { key: 'exclusion.choice' } } });
    actor.send({ type: 'choice.continue', now: NOW });
    actor.send({ type: 'exclusion.confirm', password: '' });
    actor.send({ type: 'exclusion.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: {}, error: null, password: '' });
  });
});
