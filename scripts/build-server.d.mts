import type { Metafile } from 'esbuild';

/** Bundles server/main.ts into `outfile`; the metafile and the sources that read files next to themselves. */
export function bundleServer(root: string, outfile: string, sourcesAt?: string): Promise<{ metafile: Metafile; moduleUrlSources: string[] }>;
/** True when the server bundle is missing, was built elsewhere, or an input changed since. */
export function serverIsStale(root?: string): boolean;
/** Bundles server/main.ts into .build/server.mjs when stale; returns the bundle's path. */
export function buildServerIfStale(root?: string): Promise<string>;
