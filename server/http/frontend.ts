import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, sendError } from './errors';
import { api, TAGS } from './route-schema';

/** Paths the front end never owns: their unknown URLs are API 404s, not the app. */
export const isServerPath = (url: string): boolean => /^\/(api|platform|upload|logout|sandbox)(\/|\?|$)/.test(url);

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Front end not built</title></head>
<body><h1>The front end is not built yet</h1>
<p>Start the server with <code>npm start</code>, which builds what is missing (or run the production build: <code>npm run build</code>, then <code>node server.mjs</code> in <code>build/</code>).</p>
<p>The API under <code>/api</code> works meanwhile.</p></body></html>
`;

export type FrontendFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

/** A page hook: index.html rewritten for this request (the public site's static text), or null to send it as built. */
export type PageRender = (request: FastifyRequest, reply: FastifyReply, indexHtml: string) => string | null;

export interface FrontendOptions {
  /** serve the analysts' machine explorer (/explorer/, explorer.html): config.explorer, off in production by default */
  explorer?: boolean;
  /** where the explorer's coverage reports are read from at each request (docs/coverage: not bundled, so a test run never makes the front end stale) */
  coverageDir?: string;
  /** what a page address is (server/http/site.ts pageAt): a missing page answers 404 with `notFound`'s page, a redirect redirects */
  pageAt?: (request: FastifyRequest) => { kind: 'page' } | { kind: 'redirect'; location: string } | { kind: 'missing'; lang: string };
  /** index.html as the 404 page in a language */
  notFound?: (indexHtml: string, lang: string) => string;
}

/** the reports the explorer reads at /explorer/coverage/<name>.json */
const COVERAGE_FILE = /^(machines|ui|mutation|spec)\.json$/;
const DEFAULT_COVERAGE_DIR = fileURLToPath(new URL('../../docs/coverage/', import.meta.url));

/**
 * Serves the built front end from `distDir`: /assets/* (content-hashed by Vite) cached
 * forever, everything else revalidated. The production build (npm run build) writes a .br and a
 * .gz beside each asset: when they are there, the one the browser accepts is sent as is
 * (nothing compressed per request). Returns the fallback for page URLs (the app's index.html, or
 * a page saying to build it when dist/ is missing).
 */
export async function installFrontend(app: FastifyInstance, distDir: string | undefined, render?: PageRender, options: FrontendOptions = {}): Promise<FrontendFallback> {
  const root = distDir ? path.resolve(distDir) : undefined;
  if (!root || !existsSync(path.join(root, 'index.html'))) {
    // an address that is no page of ours is a 404 even before the front end is built
    return (request, reply) =>
      options.pageAt?.(request).kind === 'missing' ? sendError(reply, notFound()) : reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT);
  }
  // the explorer's page only when switched on (its chunks under /assets are inert without it)
  const explorer = options.explorer !== false && existsSync(path.join(root, 'explorer.html'));
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: existsSync(path.join(root, 'index.html.br')),
    // the build's manifest (dist/.vite: what ./page-preload.ts reads) is the server's, not a page's
    allowedPath: (pathName) => !pathName.startsWith('/.vite/') && (explorer || pathName.replace(/^\//, '') !== 'explorer.html'),
    setHeaders: (reply, filePath) => {
      const assets = filePath.startsWith(path.join(root, 'assets') + path.sep);
      reply.header('cache-control', assets ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  if (explorer) {
    const dir = options.coverageDir ?? DEFAULT_COVERAGE_DIR;
    app.get<{ Params: { name: string } }>('/explorer/coverage/:name', { schema: api(TAGS.operations, 'The explorer: one coverage file (model or UI paths)') }, async (request, reply) => {
      const file = path.join(dir, request.params.name);
      if (!COVERAGE_FILE.test(request.params.name) || !existsSync(file)) return sendError(reply, notFound());
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(file, 'utf8'));
    });
  }
  // /explorer/ is the analysts' machine explorer (its own Vite entry, explorer.html)
  return (request, reply) => {
    // without the explorer (production by default) its URL is not the app's page either: a 404
    if (/^\/explorer(\/|$)/.test(request.url.split('?')[0])) return explorer ? reply.sendFile('explorer.html', root) : sendError(reply, notFound());
    const at = options.pageAt?.(request) ?? { kind: 'page' };
    if (at.kind === 'redirect') return reply.redirect(at.location, 302);
    if (at.kind === 'missing') {
      const index = readFileSync(path.join(root, 'index.html'), 'utf8');
      return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(options.notFound ? options.notFound(index, at.lang) : index);
    }
    const html = render?.(request, reply, readFileSync(path.join(root, 'index.html'), 'utf8'));
    if (html) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return reply.sendFile('index.html', root);
  };
}

/**
 * A page request: GET or HEAD outside the server's paths, not a file (assets, anything with
 * an extension: a missing file stays a 404), whatever its Accept header (a page's address
 * answers its page; only the server's paths answer JSON).
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  return !(isServerPath(pathname) || pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname));
}
