import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { explorerLayouts } from './scripts/explorer/vite-plugin.mjs';

// The server (server/main.ts) serves dist/ in production; `npm run dev` proxies API calls to it.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * react-router's package exports name only its development build (its invariants' long texts and
 * dev-only checks) for browsers; the production build sits beside it. Taken when Vite builds for
 * production: 13.1 -> 12.6 kB gzip on every signed-in page.
 */
const reactRouterProduction = (mode: string) =>
  mode === 'production'
    ? [
        { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
        { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
      ]
    : [];

/**
 * @xstate/react imports `use-sync-external-store/shim` (a copy of the hook for React < 18) and its
 * `with-selector` built on that copy; React 19 has the hook, and the package's non-shim entries
 * use React's own. Every page's shared chunk: -0.5 kB parsed.
 */
const reactOwnExternalStore = [
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: fileURLToPath(new URL('./node_modules/use-sync-external-store/with-selector.js', import.meta.url)) },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./node_modules/use-sync-external-store/index.js', import.meta.url)) },
];

export default defineConfig(({ mode }) => ({
  plugins: [react(), explorerLayouts()],
  resolve: { alias: [...reactRouterProduction(mode), ...reactOwnExternalStore] },
  build: {
    outDir: 'dist',
    // none in the production build (npm run build); npm start's local dist/ adds them with
    // --sourcemap (scripts/build-if-stale.mjs: the explorer's isolation check reads them)
    sourcemap: false,
    manifest: true,
    // every browser the product supports has <link rel=modulepreload> (Chrome 66, Firefox 115, Safari 17)
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'index.html', explorer: 'explorer.html' },
      // a zod/mini schema built at module level has no side effect: one schema imported from a
      // contract file no longer keeps every other schema of that file in the page's bundle
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/platform': apiTarget,
      '/logout': apiTarget,
      '/upload': apiTarget,
      '/explorer/coverage': apiTarget,
      // the web's basics (server/http/site.ts)
      '/favicon.svg': apiTarget,
      '/favicon.ico': apiTarget,
      '/robots.txt': apiTarget,
      '/sitemap.xml': apiTarget,
    },
  },
}));
