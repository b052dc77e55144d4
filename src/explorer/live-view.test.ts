import { describe, expect, it } from 'vitest';
import { applyMessage } from '../../machines/explorer/live.logic';
import type { LiveContext } from '../../machines/explorer/live.types';
import { loginMachine } from '../../machines/login/login.machine';
import { stepMachine } from '../../machines/explorer/step.machine';
import { activeStateIds, actorTree, followedActor } from './live-view';

const empty: LiveContext = { actors: {}, order: [], selected: null, timeline: [], moment: null };
const actor = (actorId: string, machineId: string, parentId: string | null = null, source = 'tab1') => ({ kind: '@xstate.actor', source, actorId, machineId, name: machineId || actorId, parentId, page: '/en/login' });
const done = (actorId: string, source = 'tab1') => ({ kind: '@xstate.snapshot', source, actorId, machineId: 'login', value: 'success', status: 'done', event: 'x' });

describe('live view helpers', () => {
  it('active state ids from a state value, nested and unknown keys included', () => {
    expect(activeStateIds(loginMachine, 'editing')).toEqual(['login', 'login.editing']);
    expect(activeStateIds(stepMachine, { running: 'ready' })).toEqual(['explorerStep', 'explorerStep.running', 'explorerStep.running.ready']);
    expect(activeStateIds(loginMachine, 'nope')).toEqual(['login']);
    expect(activeStateIds(loginMachine, null)).toEqual(['login']);
  });

  it('orders actors as a tree, children under their parent', () => {
    const ctx = [actor('x:0', 'session'), actor('x:1', 'login'), actor('x:2', '', 'x:1'), actor('x:3', '', 'x:0'), actor('x:4', '', 'x:9')].reduce<LiveContext>(applyMessage, empty);
    expect(actorTree(ctx).map((r) => `${r.depth}:${r.actor.actorId}`)).toEqual(['0:x:0', '1:x:3', '0:x:1', '1:x:2', '0:x:4']);
  });

  it('follows the pick, else the latest running machine actor the explorer knows', () => {
    const known = (id: string) => id === 'login' || id === 'session';
    let ctx = [actor('x:0', 'session'), actor('x:1', 'login'), actor('x:2', '', 'x:1'), actor('x:3', 'cascade')].reduce<LiveContext>(applyMessage, empty);
    expect(followedActor(ctx, known)?.actorId).toBe('x:1');
    ctx = applyMessage(ctx, done('x:1'));
    expect(followedActor(ctx, known)?.actorId).toBe('x:0');
    ctx = applyMessage(ctx, { ...done('x:0'), machineId: 'session' });
    expect(followedActor(ctx, known)?.actorId).toBe('x:1');
    expect(followedActor({ ...ctx, selected: 'tab1/x:2' }, known)?.actorId).toBe('x:2');
    expect(followedActor(empty, known)).toBeUndefined();
  });
});
