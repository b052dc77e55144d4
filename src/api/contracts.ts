type First = typeof import('./first-contracts');

let loading: Promise<First> | undefined;

/**
 * A contract of the first page's calls as its loader, for `call` (src/api/http.ts): the schema and
 * zod (7 kB gzip) come in their own chunk, fetched beside the call's request, so every page's
 * first JavaScript holds neither. The answer is parsed as before, once both are in.
 */
export const firstContract =
  <K extends keyof First>(key: K) =>
  (): Promise<First[K]> =>
    (loading ??= import('./first-contracts')).then((m) => m[key]);
