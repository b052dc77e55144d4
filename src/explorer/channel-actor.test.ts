import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveMachine } from '../../machines/explorer/live.machine';
import { INSPECT_CHANNEL } from '../../machines/explorer/live.types';
import { inspectChannelActor } from './channel-actor';

const app = new BroadcastChannel(INSPECT_CHANNEL);
const heard: unknown[] = [];
app.onmessage = (e: MessageEvent) => heard.push(e.data);
afterEach(() => {
  heard.length = 0;
});

describe('the live machine on a real BroadcastChannel', () => {
  it('says hello when it starts listening and when asked again, and follows what app pages publish', async () => {
    const live = createActor(liveMachine.provide({ actors: { inspectChannel: inspectChannelActor() } }));
    live.start();
    live.send({ type: 'live.start' });
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'hello' }]));
    app.postMessage({ kind: '@xstate.actor', source: 's', actorId: 'x:0', machineId: 'login', name: 'login', parentId: null, page: '/en/login' });
    app.postMessage({ kind: '@xstate.snapshot', source: 's', actorId: 'x:0', machineId: 'login', value: 'editing', status: 'active', event: 'xstate.init' });
    await vi.waitFor(() => expect(live.getSnapshot().context.actors['s/x:0']?.value).toBe('editing'));
    expect(live.getSnapshot().value).toEqual({ listening: 'following' });
    live.send({ type: 'live.refresh' });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    live.send({ type: 'live.stop' });
    app.postMessage({ kind: '@xstate.snapshot', source: 's', actorId: 'x:0', machineId: 'login', value: 'platformLogin', status: 'active', event: 'login.submit' });
    await new Promise((r) => setTimeout(r, 50));
    expect(live.getSnapshot().context.actors['s/x:0'].value).toBe('editing');
    live.stop();
    app.close();
  });

  it('without BroadcastChannel the machine says live mode is unsupported', () => {
    const original = globalThis.BroadcastChannel;
    // @ts-expect-error: a browser without BroadcastChannel
    delete globalThis.BroadcastChannel;
    try {
      const live = createActor(liveMachine.provide({ actors: { inspectChannel: inspectChannelActor(() => original.prototype as BroadcastChannel) } }));
      live.start();
      live.send({ type: 'live.start' });
      expect(live.getSnapshot().value).toBe('unsupported');
      live.stop();
    } finally {
      globalThis.BroadcastChannel = original;
    }
  });
});
