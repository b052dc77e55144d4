/**
 * Where the server (server/http/frontend.ts) serves docs/coverage/<name>.json to the explorer. The
 * explorer reads the reports when it loads instead of bundling them, so a test run that writes
 * them never makes the front end stale.
 */
export const coverageUrl = (name: 'machines' | 'ui' | 'mutation' | 'spec'): string => `/explorer/coverage/${name}.json`;
