import type { ServerResponse } from 'node:http';

import type { ServerEvent } from '../../core/contract';
import { heartbeatWheel } from '../http/sse-heartbeat';
import { requireUser } from '../http/session';
import type { PushHub } from '../push/hub';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** a comment line keeps proxies from closing an idle stream */
export const HEARTBEAT_MS = 25_000;

/**
 * The last event of every stream when the server shuts down (SIGTERM): the browser reconnects
 * after a short delay, to another instance or to this one restarted (src/api/events.ts).
 */
export const CLOSING_EVENT = 'retry: 1000\ndata: {"type":"server.closing"}\n\n';

/** one stream: its response, and what ends its subscription */
interface Stream {
  res: ServerResponse;
  unsubscribe: () => void;
}

const PING = ': ping\n\n';

/**
 * GET /api/events: the signed-in user's server-sent events. The browser's EventSource
 * reconnects by itself; `retry: 3000` tells it how soon.
 *
 * What a stream holds here, beside its socket and Node's request and response: one record, one
 * listener in the hub's set for its user, one entry on the heartbeat wheel, one `close` listener
 * (about 8 kB of heap per stream in all, Node's objects included; `npm run bench` measures it).
 * The heartbeats of all streams share one timer (server/http/sse-heartbeat.ts), spread over the
 * period; an event published to many streams is serialised once.
 */
export const eventRoutes: RoutePlugin<{ push: PushHub }> = async (app, { push }) => {
  // every open stream's heartbeat; on shutdown the same list ends them with CLOSING_EVENT (else the server would wait for them)
  const heartbeats = heartbeatWheel<Stream>(({ res }) => {
    if (!res.destroyed) res.write(PING);
  }, { periodMs: HEARTBEAT_MS });
  app.addHook('preClose', async () => {
    for (const stream of heartbeats.items()) {
      stream.unsubscribe();
      stream.res.end(CLOSING_EVENT);
    }
  });

  // the hub hands the same event object to every listener of a user: one JSON.stringify for all of them
  let lastEvent: ServerEvent | undefined;
  let lastFrame = '';
  const frame = (event: ServerEvent): string => {
    if (event !== lastEvent) {
      lastFrame = `data: ${JSON.stringify(event)}\n\n`;
      lastEvent = event;
    }
    return lastFrame;
  };

  // never compressed: a compressor would hold small events back (and the reply is hijacked anyway)
  app.get('/api/events', { compress: false, schema: api(TAGS.session, 'Server-sent events for the signed-in user', { produces: 'text/event-stream' }) }, async (request, reply) => {
    const userId = requireUser(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n: connected\n\n');
    const unsubscribe = push.subscribe(userId, (event) => {
      res.write(frame(event));
    });
    const offWheel = heartbeats.add({ res, unsubscribe });
    // the response closes when the request's socket does (the browser left) or after end()
    res.once('close', () => {
      offWheel();
      unsubscribe();
    });
  });
};
