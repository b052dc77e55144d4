import type { Route } from 'playwright-core';

/**
 * The page's newest held read (a binding holds the page's GETs until the path says how they end):
 * waits up to `timeoutMs` for one, lets the older ones go on (the page replaced them and no longer
 * waits for them) and returns the newest. Throws, naming `what`, when the page read nothing.
 */
export async function newestHeldRead(held: Route[], what: string, timeoutMs: number): Promise<Route> {
  const end = Date.now() + timeoutMs;
  while (!held.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const route = held.pop();
  if (!route) throw new Error(`the page did not read ${what}`);
  for (const older of held.splice(0)) await older.continue().catch(() => undefined);
  return route;
}
