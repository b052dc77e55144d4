import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ url: string; options: { method?: string; json?: unknown } }> = [];
vi.mock('./http', () => ({
  call: vi.fn(async (_schema: unknown, url: string, options: { method?: string; json?: unknown } = {}) => {
    calls.push({ url, options });
    return {};
  }),
}));

const { startProcessor, listenCard } = await import('./card');
const { CARD_START_URL, CardProcessor } = await import('../../core/contract/card');

/** a payment attempt starts only by a state-changing call (POST, with the CSRF header ky adds), never by a GET a link could make. */
describe('card API: starts are POST', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('every processor, the redirecting ones included (EZPAY, PFS, Concept, Shape, Vload, Entropay), starts by POST with its JSON body', async () => {
    const body = { id: '00000000-0000-4000-8000-000000000000', amount: '250.00', fixed: false, bonus: false };
    for (const processor of CardProcessor.options) await startProcessor(processor, body);
    expect(calls.map((c) => c.url)).toEqual(CardProcessor.options.map((p) => CARD_START_URL[p]));
    for (const c of calls) expect(c.options).toMatchObject({ method: 'POST', json: body });
    expect(calls.find((c) => c.url === '/api/card/fast/ezpay')?.options.method).toBe('POST');
  });

  it('a listen is a POST too (it may record the processor answer)', async () => {
    await listenCard('EZPAY', { id: '00000000-0000-4000-8000-000000000000', transaction_id: '' });
    expect(calls).toEqual([{ url: '/api/card/listen/ezpay', options: expect.objectContaining({ method: 'POST' }) }]);
  });
});
