import { fromCallback } from 'xstate';
import { INSPECT_CHANNEL, type ChannelCommand, type InspectMessage, type LiveEvent } from '../../machines/explorer/live.types';

/**
 * The live machine's channel: listens on the inspection BroadcastChannel and says hello, so app
 * pages already running answer with their actors. Throws (an error outcome) without BroadcastChannel.
 */
export function inspectChannelActor(open: (name: string) => BroadcastChannel = (name) => new BroadcastChannel(name)) {
  return fromCallback<ChannelCommand>(({ sendBack, receive }) => {
    if (typeof BroadcastChannel === 'undefined') throw new Error('this browser has no BroadcastChannel');
    const channel = open(INSPECT_CHANNEL);
    const hello = () => channel.postMessage({ kind: 'hello' } satisfies InspectMessage);
    channel.onmessage = (e: MessageEvent<unknown>) => sendBack({ type: 'live.message', message: e.data } satisfies LiveEvent);
    receive((command) => {
      if (command.type === 'channel.hello') hello();
    });
    hello();
    return () => channel.close();
  });
}
