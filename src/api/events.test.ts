import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../core/contract/events';

/** A stand-in for the browser's EventSource: the test opens, sends and fails streams by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(event: unknown): void {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

let onServerEvent: typeof import('./events').onServerEvent;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  ({ onServerEvent } = await import('./events'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** the events' schema comes in its own chunk: the messages are read, in order, once it is in */
async function read(): Promise<void> {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

describe('the server-sent event stream (src/api/events.ts)', () => {
  it('on server.closing closes the stream and opens a new one after a short delay, without passing the event on', async () => {
    const seen: ServerEvent[] = [];
    const stop = onServerEvent((event) => seen.push(event));
    const first = FakeEventSource.opened[0];
    first.open();
    first.send({ type: 'user.updated' });
    first.send({ type: 'server.closing' });
    await read();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toBe('/api/events');
    FakeEventSource.opened[1].open();
    FakeEventSource.opened[1].send({ type: 'payment.updated', id: 'p1', status: 'approved' });
    await read();
    expect(seen.map((e) => e.type)).toEqual(['user.updated', 'payment.updated']);
    stop();
  });

  it('reopens a stream the browser gave up on (a 503 while the server restarts), and nothing once the last listener left', async () => {
    const stop = onServerEvent(() => {});
    const first = FakeEventSource.opened[0];
    // a dropped stream the browser retries by itself: left alone
    first.readyState = FakeEventSource.CONNECTING;
    first.onerror?.();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    // given up: reopened after a delay
    first.readyState = FakeEventSource.CLOSED;
    first.onerror?.();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    // the last listener leaves while a reopen is pending: nothing opens
    FakeEventSource.opened[1].send({ type: 'server.closing' });
    await read();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('passes on the events sent before the schema came in the order they came, and skips one the schema refuses', async () => {
    const seen: string[] = [];
    const stop = onServerEvent((event) => seen.push(event.type === 'payment.updated' ? `${event.type}:${event.id}` : event.type));
    const stream = FakeEventSource.opened[0];
    stream.open();
    stream.send({ type: 'payment.updated', id: 'p1', status: 'pending' });
    stream.send({ type: 'payment.updated', id: 7 });
    stream.send({ type: 'user.updated' });
    stream.send({ type: 'payment.updated', id: 'p2', status: 'approved' });
    await read();
    expect(seen).toEqual(['payment.updated:p1', 'user.updated', 'payment.updated:p2']);
    stop();
  });
});
