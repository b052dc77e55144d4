/**
 * A periodic timer that starts only once the database is ready (`ready`: migrated and, in
 * sandbox mode, seeded; server/main.ts). The server listens while a first start migrates, so a
 * timer started at once would meet missing tables, or queue ticks that all run together when
 * the migrations end. Without `ready` (tests) it starts at once. Unref'd: it never keeps the
 * process alive. Returns `stop`, which also keeps a timer that has not started yet from starting.
 */
export function intervalWhenReady(ready: Promise<unknown> | undefined, everyMs: number, tick: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const start = () => {
    if (stopped) return;
    timer = setInterval(tick, everyMs);
    timer.unref();
  };
  // a failed preparation stops the process (server/main.ts): nothing to start then
  if (ready) ready.then(start, () => undefined);
  else start();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
