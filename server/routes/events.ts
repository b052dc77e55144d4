import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../http/session';
import type { PushHub } from '../push/hub';

/** a comment line keeps proxies from closing an idle stream */
export const HEARTBEAT_MS = 25_000;

/**
 * The last event of every stream when the server shuts down (SIGTERM): the browser reconnects
 * after a short delay, to another instance or to this one restarted (src/api/events.ts).
 */
export const CLOSING_EVENT = 'retry: 1000\ndata: {"type":"server.closing"}\n\n';

/**
 * GET /api/events: the signed-in user's server-sent events. The browser's EventSource
 * reconnects by itself; `retry: 3000` tells it how soon.
 */
export const eventRoutes: FastifyPluginAsync<{ push: PushHub }> = async (app, { push }) => {
  // open streams, ended with CLOSING_EVENT on shutdown (else the server would wait for them)
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get('/api/events', async (request, reply) => {
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
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
    };
    const end = () => {
      close();
      res.end(CLOSING_EVENT);
    };
    streams.add(end);
    request.raw.once('close', close);
    res.once('close', close);
  });
};
