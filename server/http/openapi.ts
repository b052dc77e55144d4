import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ApiError } from '../../core/contract';
import type { Produces } from './route-schema';

/** Where the documents are served (only when config.apiDocs). */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

/** Routes that are not part of the API: the documents themselves and Fastify's automatic HEAD twins. */
export const isUndocumented = (method: string, url: string): boolean => method === 'HEAD' || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);

/** The tag of a registered route that declares no schema (the OpenAPI test fails on it). */
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

const PRODUCES: Record<Produces, string> = {
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

/** The declaration a route gives in its options (server/http/route-schema.ts `api()`). */
interface Declared {
  tags?: string[];
  summary?: string;
  body?: z.ZodMiniType;
  querystring?: z.ZodMiniType;
  params?: z.ZodMiniType;
  response?: { 200?: z.ZodMiniType };
  produces?: Produces[];
}

/** A route's declaration as the OpenAPI operation @fastify/swagger writes (its transform). */
export function routeSchema(method: string, url: string, declared: Declared | undefined): JsonSchema {
  const params = declared?.params ? contractJsonSchema(declared.params, 'input') : pathParams(url);
  if (!declared?.summary) return { tags: [UNDESCRIBED], summary: `${method} ${url}`, ...(params && { params }) };
  const produces = declared.produces?.[0];
  const answer = declared.response?.[200];
  const response: JsonSchema = {};
  if (answer) response[200] = { description: 'OK', content: { 'application/json': { schema: contractJsonSchema(answer) } } };
  else if (produces === 'redirect') response[302] = { description: PRODUCES.redirect, type: 'null' };
  else if (produces) response[200] = { description: PRODUCES[produces], content: { [produces === 'file' ? 'application/octet-stream' : produces]: { schema: { type: 'string' } } } };
  else response[200] = { description: 'OK (a JSON object; see the prose in docs/api.md)', type: 'object' };
  if (url.startsWith('/api/')) response.default = { description: 'An error: `{ error, message, fields? }`', content: { 'application/json': { schema: contractJsonSchema(ApiError) } } };
  return {
    tags: declared.tags,
    summary: declared.summary,
    ...(produces && { description: PRODUCES[produces] }),
    ...(params && { params }),
    ...(declared.body && { body: contractJsonSchema(declared.body, 'input') }),
    ...(declared.querystring && { querystring: contractJsonSchema(declared.querystring, 'input') }),
    response,
  };
}

/**
 * The OpenAPI 3.1 document at /api/docs/openapi.json and its UI at /api/docs. Call
 * before any route is registered: @fastify/swagger collects routes as they are added. Each route
 * declares its contract in its options (server/http/route-schema.ts); the transform writes the
 * same zod schemas as JSON Schema.
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
    transform: ({ url, route, schema }) => {
      const method = [route.method].flat()[0].toUpperCase();
      if (isUndocumented(method, url) || (schema as { hide?: boolean } | undefined)?.hide) return { schema: { hide: true }, url };
      return { schema: routeSchema(method, url, schema as Declared | undefined) as never, url };
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
