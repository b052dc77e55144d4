import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDb, type TestDb } from '../test/db';
import { registeredRoutes } from './not-found';
import type * as z from 'zod/mini';
import { contractJsonSchema, isUndocumented, OPENAPI_JSON_PATH, UNDESCRIBED } from './openapi';
import { TAGS } from './route-schema';

/**
 * The OpenAPI document lists every route the server registers (sandbox on: all of them), each
 * described by the schema it declares in its own options (server/http/route-schema.ts `api()`),
 * and each documented schema is the contract's own JSON Schema: the one the route validates with.
 */

type Declared = { tags?: string[]; summary?: string; body?: z.ZodMiniType; querystring?: z.ZodMiniType; response?: { 200?: z.ZodMiniType } };
const declared = () => registeredRoutes(app).filter((r) => !isUndocumented(r.method, r.url)).map((r) => ({ ...r, declared: (r.schema ?? {}) as Declared }));

type Operation = {
  tags?: string[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestDb;
let app: FastifyInstance;
let document: Document;

const openapiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{*}');
/**
 * The contract's schema as the document may spell it: @fastify/swagger writes `const: v` as the
 * equivalent `enum: [v]` (swagger-ui does not show `const`); nothing else may differ.
 */
const asDocumented = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && 'const' in value) {
      const { const: only, ...rest } = value as Record<string, unknown>;
      return { ...rest, enum: [only] };
    }
    return value;
  }) as unknown;

beforeAll(async () => {
  t = await freshDb({ config: { apiDocs: true } });
  app = await buildApp({ db: t.db, config: t.config, mirror: { deliverEveryMs: 0 } });
  await app.ready();
  const res = await app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  expect(res.statusCode).toBe(200);
  document = res.json<Document>();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every registered route, each described by the schema in its options', () => {
    const routes = declared();
    expect(routes.length).toBeGreaterThan(200);
    const missing = routes.filter((r) => !document.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const undescribed = routes.filter((r) => !r.declared.summary || r.declared.tags?.length !== 1).map((r) => `${r.method} ${r.url}`);
    expect(undescribed).toEqual([]);
    const tagged = Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? []));
    expect(tagged).not.toContain(UNDESCRIBED);
  });

  it('documents each schema exactly as the contract’s z.toJSONSchema', () => {
    let compared = 0;
    for (const { method, url, declared: entry } of declared()) {
      const key = `${method} ${url}`;
      const op = document.paths[openapiPath(url)][method.toLowerCase()];
      if (entry.body) {
        expect(op.requestBody?.content['application/json'].schema, key).toEqual(asDocumented(contractJsonSchema(entry.body, 'input')));
        compared += 1;
      }
      if (entry.response?.[200]) {
        expect(op.responses['200'].content?.['application/json'].schema, key).toEqual(asDocumented(contractJsonSchema(entry.response[200])));
        compared += 1;
      }
      if (entry.querystring) {
        const names = Object.keys((contractJsonSchema(entry.querystring, 'input').properties ?? {}) as object);
        expect(op.parameters?.filter((p) => p.in === 'query').map((p) => p.name).sort(), key).toEqual(names.sort());
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('puts sandbox and operator routes under their own tag', () => {
    for (const [path, ops] of Object.entries(document.paths)) {
      if (!/^\/(api\/)?sandbox\//.test(path)) continue;
      for (const op of Object.values(ops)) expect(op.tags, path).toEqual([TAGS.sandbox]);
    }
  });

  it('serves the UI at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('without API_DOCS', () => {
  it('serves no document', async () => {
    const off = await freshDb({ config: { apiDocs: false } });
    const plain = await buildApp({ db: off.db, config: off.config, mirror: { deliverEveryMs: 0 } });
    try {
      await plain.ready();
      expect(registeredRoutes(plain).some((r) => r.url.startsWith('/api/docs'))).toBe(false);
      const res = await plain.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
      await off.close();
    }
  });
});
