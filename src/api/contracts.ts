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

/**
 * A schema of a contract module as its loader, for `call`: `contractOf(card, 'CardStart')` with
 * `const card = () => import('../../core/contract/card')`. The api modules take their contracts this
 * way, so no page's first JavaScript holds zod or a schema: each comes beside its first call.
 */
export const contractOf =
  <M, K extends keyof M>(load: () => Promise<M>, key: K) =>
  (): Promise<M[K]> =>
    load().then((m) => m[key]);
