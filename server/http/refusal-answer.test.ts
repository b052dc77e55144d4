import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../domain/refusal';
import { errorHandler } from './errors';

/** The one mapping of a refusal to its HTTP answer (server/http/errors.ts): status, headers, ApiError body. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get('/fields', async () => {
    throw new Refusal(400, 'card.required', 'Please fill the required fields', { fields: { cnu: 'card.required' } });
  });
  app.get('/headers', async () => {
    throw new Refusal(429, 'rate.limited', 'Too many messages.', { headers: { 'retry-after': '60' } });
  });
  app.get('/plain', async () => {
    throw new Refusal(410, 'promo.used_up', 'This promo code has been used up.');
  });
  app.get('/stripped', async () => {
    throw new Refusal(400, 'card.luhn', 'The card number is not valid.', { fields: { cnu: 'card.luhn' } }).withoutFields();
  });
  app.get('/bug', async () => {
    throw new TypeError('x is undefined');
  });
  await app.ready();
});
afterAll(() => app?.close());

describe('a refusal as its answer', () => {
  it('a refusal with fields: its status and the ApiError body with the fields, byte for byte', async () => {
    const res = await app.inject({ method: 'GET', url: '/fields' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"error":"card.required","message":"Please fill the required fields","fields":{"cnu":"card.required"}}');
  });

  it('its headers go with the answer; no fields, no fields key', async () => {
    const res = await app.inject({ method: 'GET', url: '/headers' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body).toBe('{"error":"rate.limited","message":"Too many messages."}');
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    expect([plain.statusCode, plain.json()]).toEqual([410, { error: 'promo.used_up', message: 'This promo code has been used up.' }]);
    expect(plain.headers['retry-after']).toBeUndefined();
  });

  it('withoutFields keeps the rest', async () => {
    const res = await app.inject({ method: 'GET', url: '/stripped' });
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'card.luhn', message: 'The card number is not valid.' }]);
  });

  it('anything else is a 500 of the same shape that shows nothing of the error', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'server_error', message: 'Something went wrong on our side. Please try again.' });
  });
});
