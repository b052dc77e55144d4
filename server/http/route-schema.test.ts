import Fastify from 'fastify';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { api, installContracts, TAGS, type RoutePlugin } from './route-schema';

const Body = z.object({ name: z.string().check(z.minLength(1)), count: z._default(z.number(), 1) });
const Query = z.object({ page: z.optional(z.string().check(z.regex(/^\d+$/))) });

const routes: RoutePlugin = async (app) => {
  app.post('/echo', { schema: api(TAGS.operations, 'Echo', { body: Body, querystring: Query }) }, async (request) => ({ body: request.body, query: request.query }));
};

async function build() {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  installContracts(app);
  await app.register(routes);
  return app;
}

describe('a route’s declared contract', () => {
  it('hands the handler the parsed body (defaults filled) and query', async () => {
    const app = await build();
    const res = await app.inject({ method: 'POST', url: '/echo?page=2', payload: { name: 'a' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { name: 'a', count: 1 }, query: { page: '2' } });
    await app.close();
  });

  it('refuses a bad body before the handler, with the fields and their keys', async () => {
    const app = await build();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: '', count: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { name: 'validation.too_short', count: 'validation.type' } });
    await app.close();
  });

  it('refuses a bad query as the query', async () => {
    const app = await build();
    const res = await app.inject({ method: 'POST', url: '/echo?page=x', payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { page: 'validation.format' } });
    await app.close();
  });

  it('reads a call without a body as an empty object', async () => {
    const app = await build();
    const res = await app.inject({ method: 'POST', url: '/echo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { name: 'validation.required' } });
    await app.close();
  });

  it('will not start with a schema that is not a contract', async () => {
    const app = Fastify();
    installContracts(app);
    app.post('/json-schema', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/not a contract/);
    await app.close();
  });
});
