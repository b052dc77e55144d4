import type { FastifyInstance } from 'fastify';

/** While draining, idle keep-alive connections are closed this often. */
const DRAIN_SWEEP_MS = 100;

/**
 * Draining on app.close() (with `forceCloseConnections: 'idle'`): the listener stops accepting,
 * new requests on open connections answer 503 (`return503OnClosing`), requests in flight finish,
 * and each answer sent from then on carries `Connection: close`, so its connection ends with it
 * instead of idling until the keep-alive timeout. Idle connections (an SSE stream just ended
 * among them) are closed every DRAIN_SWEEP_MS until the server has closed.
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    draining = true;
    if (!app.server.listening) return;
    sweep = setInterval(() => app.server.closeIdleConnections(), DRAIN_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}

export interface ShutdownOptions {
  app: FastifyInstance;
  /** how long requests in flight may take (SHUTDOWN_GRACE_MS); then their connections are cut */
  graceMs: number;
  /** timers outside the app (housekeeping) */
  stopTimers: () => void;
  closeDb: () => Promise<void>;
  exit: (code: number) => void;
}

/**
 * The SIGTERM/SIGINT handler: stop the timers, close the app (stop accepting, let requests in
 * flight finish, end SSE streams with their closing event, stop the app's own timers), close
 * the database, exit 0. After `graceMs` the remaining connections are cut; if closing still
 * hangs 5 s later (a database that does not answer), the process exits 1.
 */
export function shutdownHandler({ app, graceMs, stopTimers, closeDb, exit }: ShutdownOptions): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: shutting down (requests in flight have ${graceMs} ms)`);
    const grace = setTimeout(() => {
      app.log.warn('shutdown: grace period over, closing the remaining connections');
      app.server.closeAllConnections();
      setTimeout(() => exit(1), 5_000).unref();
    }, graceMs);
    grace.unref();
    try {
      stopTimers();
      await app.close();
      await closeDb();
      clearTimeout(grace);
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
}
