import { ServerEvent } from '../../core/contract/events';

type Listener = (event: ServerEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/events');
  source.onmessage = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = ServerEvent.safeParse(data);
    if (parsed.success) listeners.forEach((l) => l(parsed.data));
  };
  // EventSource reconnects by itself; flows keep polling, so a gap only costs latency
}

/**
 * The signed-in user's server-sent events (GET /api/events), one stream per page shared by
 * every subscriber. Returns the unsubscribe function; the stream closes with the last one.
 */
export function onServerEvent(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}
