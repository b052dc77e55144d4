/** Every source that reads files next to itself (import.meta.url), and the files it reads. */
export const RUNTIME_FILES: Record<string, string[]>;
/** The lockfile cut down to what `pkg.dependencies` reach. */
export function pruneLockfile(lock: { lockfileVersion: number; packages: Record<string, Record<string, unknown>> }, pkg: { name: string; version: string; dependencies: Record<string, string>; engines?: Record<string, string> }): unknown;
/** The checkout's overrides whose top-level package is in the pruned lockfile (undefined when none). */
export function overridesFor(overrides: Record<string, unknown> | undefined, lock: unknown): Record<string, unknown> | undefined;
/** Writes file.br and file.gz beside each compressible file under `dir`. */
export function precompress(dir: string): Promise<{ files: number; written: number }>;
/** Builds the production folder (default <root>/build). */
export function buildProduction(root?: string, outDir?: string): Promise<{ out: string; times: Record<string, number>; dependencies: string[]; compressed: { files: number; written: number }; minified: [string, number, number][] }>;
