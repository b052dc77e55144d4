import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ApiError } from '../../core/contract';
import { ROUTE_DOCS, isUndocumented, type RouteDoc } from './openapi-routes';

/** Where the documents are served (only when config.apiDocs). */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';
/** The tag of a registered route the table does not describe (the OpenAPI test fails on it). */
export const UNDESCRIBED = 'Not described yet';

type JsonSchema = Record<string, unknown>;

/** A contract schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` line. */
export function contractJsonSchema(schema: z.ZodMiniType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const pathParams = (url: string): JsonSchema | undefined => {
  const names = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (names.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
};

const PRODUCES: Record<NonNullable<RouteDoc['produces']>, string> = {
  'text/html': 'An HTML page.',
  redirect: 'A redirect (302).',
  'text/event-stream': 'A server-sent event stream (text/event-stream).',
  file: 'A file (its stored content type).',
  'text/javascript': 'A script.',
  'text/css': 'A style sheet.',
  'image/svg+xml': 'An SVG image.',
  'text/plain': 'Plain text.',
  'application/xml': 'An XML document.',
};

/** The route's documentation as a Fastify route schema, for @fastify/swagger's transform only. */
export function routeSchema(method: string, url: string): JsonSchema {
  const entry = ROUTE_DOCS[`${method} ${url}`];
  const params = pathParams(url);
  if (!entry) return { tags: [UNDESCRIBED], summary: `${method} ${url}`, ...(params && { params }) };
  const response: JsonSchema = {};
  if (entry.response) response[200] = { description: 'OK', content: { 'application/json': { schema: contractJsonSchema(entry.response) } } };
  else if (entry.produces === 'redirect') response[302] = { description: PRODUCES.redirect, type: 'null' };
  else if (entry.produces) response[200] = { description: PRODUCES[entry.produces], content: { [entry.produces === 'file' ? 'application/octet-stream' : entry.produces]: { schema: { type: 'string' } } } };
  else response[200] = { description: 'OK (a JSON object; see the prose in docs/api.md)', type: 'object' };
  if (url.startsWith('/api/')) response.default = { description: 'An error: `{ error, message, fields? }`', content: { 'application/json': { schema: contractJsonSchema(ApiError) } } };
  return {
    tags: [entry.tag],
    summary: entry.summary,
    ...(entry.produces && { description: PRODUCES[entry.produces] }),
    ...(params && { params }),
    ...(entry.body && { body: contractJsonSchema(entry.body, 'input') }),
    ...(entry.query && { querystring: contractJsonSchema(entry.query, 'input') }),
    response,
  };
}

/**
 * The OpenAPI 3.1 document at /api/docs/openapi.json and its UI at /api/docs. Call
 * before any route is registered: @fastify/swagger collects routes as they are added. The route
 * schemas live only in the document (swagger's transform): Fastify validates and serialises
 * exactly as without it; handlers parse with the contract (server/http/parse.ts).
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Brokerage API',
        version: '1',
        description:
          'Generated from the zod contract (core/contract) and the routes the server registers. Flows, errors and examples: docs/api.md. ' +
          'Calls that change state need the session cookie and the `x-csrf-token` header; sandbox operator calls also `x-sandbox-operator`.',
      },
      tags: [],
    },
    transform: ({ url, route }) => {
      const method = [route.method].flat()[0].toUpperCase();
      if (isUndocumented(method, url)) return { schema: { hide: true }, url };
      return { schema: routeSchema(method, url) as never, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // the UI's own policy (its scripts from our origin); inline styles as the site allows them
    staticCSP: true,
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
