import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Ladder } from '../../../core/contract/ladder';
import { ladderMachine } from '../../../machines/ladder/ladder.machine';
import { connectLadder } from './ladder.connect';

const ranked: Ladder = {
  url: '#/show/contest',
  state: 'in',
  contest: { id: 'w', type: 'weekly', currency: 'USD', rule: 'net_profit', date_start: '2026-11-23T00:00:00.000Z', date_end: '2026-11-30T00:00:00.000Z' },
  participants: 3,
  rank: 2,
  figure: '10.00',
  above: { rank: 1, figure: '50.00' },
  toMoveUp: '40.01',
};

describe('ladder view', () => {
  it('a failure with the server message, retry, the place shown, read again', async () => {
    const answers: Array<Ladder | Error> = [new Error('x'), ranked, { ...ranked, state: 'none', contest: null, rank: null, figure: null, above: null, toMoveUp: null, participants: 0 }];
    const actor = createActor(
      ladderMachine.provide({
        actors: {
          load: fromPromise(async () => {
            const next = answers.shift()!;
            if (next instanceof Error) throw { kind: 'http', status: 503, error: 'server_error', message: 'Down.' };
            return next;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    let v = connectLadder(actor.getSnapshot(), actor.send);
    expect(v.error).toEqual({ key: 'server_error', fallback: 'Down.' });
    expect(v.url).toBe('#/show/contest');
    expect(v.getProblemProps()).toEqual({ role: 'alert' });
    expect(v.getLoadingProps()).toEqual({ 'aria-busy': true });
    v.retry();
    await waitFor(actor, (s) => s.matches('shown'));
    v = connectLadder(actor.getSnapshot(), actor.send);
    expect(v).toMatchObject({ isShown: true, state: 'in', rank: 2, participants: 3, figure: '10.00', above: { rank: 1, figure: '50.00' }, toMoveUp: '40.01' });
    v.refresh();
    await waitFor(actor, (s) => s.matches('shown') && s.context.ladder?.state === 'none');
    v = connectLadder(actor.getSnapshot(), actor.send);
    expect(v).toMatchObject({ state: 'none', rank: null, contest: null });
  });
});
