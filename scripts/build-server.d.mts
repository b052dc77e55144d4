/** True when the server bundle is missing, was built elsewhere, or an input changed since. */
export function serverIsStale(root?: string): boolean;
/** Bundles server/main.ts into .build/server.mjs when stale; returns the bundle's path. */
export function buildServerIfStale(root?: string): Promise<string>;
