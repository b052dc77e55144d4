import type { ServerEvent } from '../../core/contract/events';

/** the events' schema, asked for when the stream opens (zod stays out of the page's first JavaScript) */
let contract: Promise<typeof import('../../core/contract/events')> | undefined;
/** the messages in the order they came: each is read once the ones before it are */
let reading: Promise<void> = Promise.resolve();

type Listener = (event: ServerEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

/** Reopens the stream after a short delay (longer after each failed try), if anyone still listens. */
function reopen(): void {
  source?.close();
  source = null;
  clearTimeout(retry);
  failures += 1;
  retry = setTimeout(() => listeners.size > 0 && open(), Math.min(30_000, 500 * 2 ** failures) + Math.random() * 1000);
}

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/events');
  const schema = (contract ??= import('../../core/contract/events'));
  source.onopen = () => (failures = 0);
  source.onmessage = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    reading = reading.then(async () => {
      const parsed = (await schema).ServerEvent.safeParse(data);
      if (!parsed.success) return;
      // the server is shutting down (a restart, a deploy): reconnect shortly, to it or another instance
      if (parsed.data.type === 'server.closing') reopen();
      else listeners.forEach((l) => l(parsed.data));
    }, () => undefined);
  };
  // a dropped stream is reopened by EventSource itself; one it gave up on (an answer other than
  // 200, e.g. 503 while the server restarts) is reopened here. Flows keep polling meanwhile.
  source.onerror = () => {
    if (source?.readyState === EventSource.CLOSED) reopen();
  };
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
    if (listeners.size === 0) {
      clearTimeout(retry);
      source?.close();
      source = null;
    }
  };
}
