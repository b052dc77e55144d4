import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing a few hundred bytes saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text worth compressing: HTML, scripts, styles, JSON, SVG, XML. Never an event stream (SSE is
 * written straight to the socket and must reach the browser event by event: /api/events hijacks
 * its reply and says `compress: false` too); never a file format that is compressed already
 * (PDF, images, zip).
 */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)(?:;|$)|image\/svg\+xml)/;

/**
 * Every answer of `app` compressed on the fly with brotli or gzip, as the request's
 * Accept-Encoding prefers (@fastify/compress, before the routes: it hooks each route as it is
 * added): HTML documents, the sandbox platform's and chat widget's files, the API's JSON above
 * COMPRESS_THRESHOLD_BYTES. An answer already encoded (the production build's .br and .gz
 * beside each asset, sent by @fastify/static) is left alone. Requests are not decompressed:
 * bodies stay plain JSON under the body limit.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
