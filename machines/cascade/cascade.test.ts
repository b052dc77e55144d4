import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { cascadeMachine, LISTEN_TIMEOUT_MS, ORANGE_NOT3D_DELAY_MS } from './cascade.machine';
import type { CascadeInput, FraudCheckOutput, PaymentRecord, StartInput, StartOutput, StoredCascade } from './cascade.types';
import type { ProcessorReply } from '../../core/cascade/processors';

/**
 * What the cascade's generated paths do not try: a stored attempt without a deadline, a fraud
 * answer without a payment id, a server error (5xx) or a failure that is no call failure, the
 * effects' parameters (mutation score).
 */
const T = 1_700_000_000_000;
const payment = { id: '', key: 'k-1', amount: '250.00', currency: 'USD', fixed: false, bonus: true, promo: '', card: 'tok-1' };
const facts = { settings: [], country: 'MT', affsId: '', noVload: [], now: T };
const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const never = () => new Promise<never>(() => {});

function run(input: CascadeInput, opts: { fraud?: () => Promise<FraudCheckOutput>; start?: (input: StartInput) => Promise<StartOutput> } = {}) {
  const listens: unknown[] = [];
  const starts: StartInput[] = [];
  const persisted: StoredCascade[] = [];
  const effects: Array<[string, unknown]> = [];
  const machine = cascadeMachine.provide({
    actors: {
      fraudCheck: fromPromise<FraudCheckOutput, { payment: PaymentRecord }>(() => (opts.fraud ? opts.fraud() : never())),
      startProcessor: fromPromise<StartOutput, StartInput>(({ input }) => {
        starts.push(input);
        return opts.start ? opts.start(input) : never();
      }),
      listen: fromPromise(async ({ input }) => {
        listens.push(input);
        return never();
      }) as never,
    },
    actions: {
      persist: (_, params) => void persisted.push(params),
      storeLastPayment: (_, params) => void effects.push(['storeLastPayment', params]),
      redirectTo: (_, params) => void effects.push(['redirectTo', params]),
      broadcastUserUpdate: () => void effects.push(['broadcastUserUpdate', undefined]),
      toast: (_, params) => void effects.push(['toast', params]),
    },
  });
  return { actor: createActor(machine, { input }).start(), listens, starts, persisted, effects };
}

describe('cascade', () => {
  it('a stored attempt without a deadline listens for the full timeout from now; a resumed listen is immediate', () => {
    expect(LISTEN_TIMEOUT_MS).toBe(120_000);
    const resume = { payment: { ...payment, id: 'p-1' }, tried: [], current: { processor: 'PFS', uid: 'u-1', deadline: 0 }, log: [], finished: false } as StoredCascade;
    const { actor, listens } = run({ ...facts, user: 'PFS', resume });
    expect(actor.getSnapshot().value).toBe('listening');
    expect(listens).toEqual([{ processor: 'PFS', paymentId: 'p-1', uid: 'u-1', deadline: T + 120_000, now: T, immediate: true, fixed: false }]);
    actor.stop();
  });

  it('a new payment stores the last payment, and a fraud answer without an id keeps the payment as it was', async () => {
    const { actor, starts, effects, persisted } = run({ ...facts, user: 'PFS', payment }, { fraud: async () => ({}) as FraudCheckOutput });
    expect(effects).toEqual([['storeLastPayment', { amount: '250.00', fixed: false, bonus: true }]]);
    expect(persisted[0]).toEqual({ payment, tried: [], current: null, log: [], finished: false });
    await settle();
    expect(starts).toEqual([{ processor: 'PFS', payment }]);
    actor.stop();
  });

  it('Orange not-3D waits 6 s before its start', () => {
    expect(ORANGE_NOT3D_DELAY_MS).toBe(6_000);
  });

  for (const [name, error] of [
    ['a server error (500)', { kind: 'http', status: 500, error: 'server_error', message: '' }],
    ['a failure that is no call failure', new Error('boom')],
    ['a redirect status (399)', { kind: 'http', status: 399, error: 'x', message: '' }],
  ] as const) {
    it(`${name} interrupts the run (retry), it does not stop it`, async () => {
      const fraud = run({ ...facts, user: 'PFS', payment }, { fraud: () => Promise.reject(error) });
      await settle();
      expect(fraud.actor.getSnapshot().value).toBe('interrupted');
      expect(fraud.actor.getSnapshot().context.error).toEqual({ key: 'cascade.response_error' });
      fraud.actor.stop();
      const start = run({ ...facts, user: 'PFS', payment: { ...payment, id: 'p-1' } }, { start: () => Promise.reject(error) });
      await settle();
      expect(start.actor.getSnapshot().value).toBe('interrupted');
      start.actor.stop();
    });
  }

  it('a refusal at the top of the 4xx range (499) stops the run with the server’s reason', async () => {
    const { actor } = run({ ...facts, user: 'PFS', payment: { ...payment, id: 'p-1' } }, { start: () => Promise.reject({ kind: 'http', status: 499, error: 'payment.closed', message: 'Closed' }) });
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'stopped', error: { key: 'payment.closed', fallback: 'Closed' } });
    actor.stop();
  });

  it('an approval logs the processor, persists the finished run and reloads the user', async () => {
    const { actor, persisted, effects } = run({ ...facts, user: 'PFS', payment: { ...payment, id: 'p-1' } }, { start: async () => ({ reply: { proc: 'PFS', code: '0000' } as ProcessorReply, at: T }) });
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'approved', steps: [{ processor: 'PFS', result: 'approved', code: '' }] });
    expect(persisted.at(-1)).toMatchObject({ finished: true, tried: [], log: [{ processor: 'PFS', result: 'approved', code: '' }] });
    expect(effects).toContainEqual(['broadcastUserUpdate', undefined]);
    actor.stop();
  });

  it('a redirect ends the run and navigates to the processor’s page', async () => {
    const { actor, effects } = run({ ...facts, user: 'PFS', payment: { ...payment, id: 'p-1' } }, { start: async () => ({ reply: { proc: 'PFS', code: '0008', redirect: 'r5-token' } as ProcessorReply, at: T }) });
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'redirected' });
    expect(effects.filter(([e]) => e === 'redirectTo')).toHaveLength(1);
    expect((effects.find(([e]) => e === 'redirectTo')![1] as { url: string }).url).not.toBe('');
    actor.stop();
  });

  it('listen.stop goes on to the listening child', () => {
    const received: AnyEventObject[] = [];
    const machine = cascadeMachine.provide({
      actors: { listen: fromCallback(({ receive }) => receive((e) => void received.push(e))) as never },
    });
    const resume = { payment: { ...payment, id: 'p-1' }, tried: [], current: { processor: 'PFS', uid: 'u-1', deadline: T + 1 }, log: [], finished: false } as StoredCascade;
    const actor = createActor(machine, { input: { ...facts, user: 'PFS', resume } }).start();
    actor.send({ type: 'listen.stop' });
    expect(received).toEqual([{ type: 'listen.stop' }]);
    actor.stop();
  });

  it('an EZPAY decline of a fixed payment stops the run; of a payment that is not fixed, the next processor runs', async () => {
    const ezpay = { proc: 'EZPAY', status: 'DECLINED', code: '91' } as ProcessorReply;
    const fixed = run({ ...facts, user: 'EZPAY,PFS', payment: { ...payment, id: 'p-1', fixed: true } }, { start: async () => ({ reply: ezpay, at: T }) });
    await settle();
    expect(fixed.actor.getSnapshot().output).toMatchObject({ result: 'stopped', steps: [{ processor: 'EZPAY', result: 'declined', code: '91' }] });
    fixed.actor.stop();
    const open = run({ ...facts, user: 'EZPAY,PFS', payment: { ...payment, id: 'p-1' } }, { start: async (input) => (input.processor === 'EZPAY' ? { reply: ezpay, at: T } : never()) });
    await settle();
    expect(open.starts.map((s) => s.processor)).toEqual(['EZPAY', 'PFS']);
    open.actor.stop();
  });

  it('an EZPAY decline heard while listening follows the same rule (the fixed flag of the stored payment)', async () => {
    const machine = cascadeMachine.provide({
      actors: { listen: fromPromise(async () => ({ status: 'answered', reply: { proc: 'EZPAY', status: 'DECLINED', code: '91' } })) as never },
    });
    const resume = { payment: { ...payment, id: 'p-1', fixed: true }, tried: [], current: { processor: 'EZPAY', uid: '', deadline: T + 1 }, log: [], finished: false } as StoredCascade;
    const actor = createActor(machine, { input: { ...facts, user: 'EZPAY,PFS', resume } }).start();
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'stopped' });
    actor.stop();
  });

  it("Zoom's token error skips EZPAY only when it was not tried already: no second EZPAY in the tried list or the log", async () => {
    const machine = cascadeMachine.provide({
      actors: {
        listen: fromPromise(async () => ({ status: 'answered', reply: { proc: 'ZOOM', result: 0, error: 'token' } })) as never,
        startProcessor: fromPromise<StartOutput, StartInput>(() => never()),
      },
    });
    const log = [{ processor: 'EZPAY' as const, result: 'declined' as const, code: '05' }];
    const resume = { payment: { ...payment, id: 'p-1' }, tried: ['EZPAY'], current: { processor: 'ZOOM', uid: 'z-1', deadline: T + 1 }, log, finished: false } as StoredCascade;
    const actor = createActor(machine, { input: { ...facts, user: 'EZPAY,ZOOM,PFS', resume } }).start();
    await settle();
    const { tried, log: after } = actor.getSnapshot().context;
    expect(tried).toEqual(['EZPAY', 'ZOOM']);
    expect(after).toEqual([...log, { processor: 'ZOOM', result: 'declined', code: 'token' }]);
    actor.stop();
  });

  const unavailable = { kind: 'http', status: 503, error: 'card.processor_unavailable', message: '' };
  const unreachable = { kind: 'http', status: 502, error: 'card.processor_unreachable', message: '' };

  it('issue 32 §5: a start that failed in transport (502 from our server) is marked and the next processor tried; the last one so ends the run with the toast, no alert', async () => {
    const { actor, starts, effects, persisted } = run({ ...facts, user: 'PFS,MEIKO', payment: { ...payment, id: 'p-1' } }, { start: () => Promise.reject(unreachable) });
    await settle();
    expect(starts.map((s) => s.processor)).toEqual(['PFS', 'MEIKO']);
    expect(actor.getSnapshot().value).toBe('responseError');
    expect(actor.getSnapshot().output).toMatchObject({
      result: 'failed',
      error: { key: 'cascade.response_error' },
      explained: true,
      steps: [
        { processor: 'PFS', result: 'unreachable', code: '' },
        { processor: 'MEIKO', result: 'unreachable', code: '' },
      ],
    });
    expect(effects.filter(([e]) => e === 'toast')).toEqual([['toast', { text: { key: 'cascade.response_error' } }]]);
    expect(persisted.at(-1)).toMatchObject({ finished: true, tried: ['PFS', 'MEIKO'] });
    actor.stop();
  });

  it('issue 32 §4: every processor of the stack skipped as unhealthy (503) stops with “temporarily unavailable”, without a toast', async () => {
    const { actor, effects } = run({ ...facts, user: 'PFS,MEIKO', payment: { ...payment, id: 'p-1' } }, { start: () => Promise.reject(unavailable) });
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'stopped', error: { key: 'cascade.processors_unavailable' }, explained: false, steps: [{ processor: 'PFS', result: 'unavailable' }, { processor: 'MEIKO', result: 'unavailable' }] });
    expect(effects.filter(([e]) => e === 'toast')).toEqual([]);
    actor.stop();
  });

  it('one processor skipped, the next declining: the usual end (no processor left), not “unavailable”; skipped then approved: approved', async () => {
    const declined = run({ ...facts, user: 'PFS,MEIKO', payment: { ...payment, id: 'p-1' } }, { start: (input) => (input.processor === 'PFS' ? Promise.reject(unavailable) : Promise.resolve({ reply: { proc: 'MEIKO', return: false, code: '91' } as ProcessorReply, at: T })) });
    await settle();
    expect(declined.actor.getSnapshot().output).toMatchObject({ result: 'failed', error: { key: 'cascade_card.failed' } });
    declined.actor.stop();
    const approved = run({ ...facts, user: 'PFS,MEIKO', payment: { ...payment, id: 'p-1' } }, { start: (input) => (input.processor === 'PFS' ? Promise.reject(unreachable) : Promise.resolve({ reply: { proc: 'MEIKO', return: true, status: 1 } as ProcessorReply, at: T })) });
    await settle();
    expect(approved.actor.getSnapshot().output).toMatchObject({ result: 'approved', steps: [{ processor: 'PFS', result: 'unreachable' }, { processor: 'MEIKO', result: 'approved' }] });
    approved.actor.stop();
  });

  it('a 5xx without our key (a proxy’s 502, our own 503 busy) is no processor failure: Retry/Cancel', async () => {
    for (const error of [{ kind: 'http', status: 502, error: 'server_error', message: '' }, { kind: 'http', status: 503, error: 'busy', message: '' }]) {
      const { actor, starts } = run({ ...facts, user: 'PFS,MEIKO', payment: { ...payment, id: 'p-1' } }, { start: () => Promise.reject(error) });
      await settle();
      expect(actor.getSnapshot().value).toBe('interrupted');
      expect(starts.map((s) => s.processor)).toEqual(['PFS']);
      actor.stop();
    }
  });

  it('a processor that passes (the FRAUD step) is logged with no code', async () => {
    const { actor } = run({ ...facts, user: 'FRAUD,PFS', payment: { ...payment, id: 'p-1' } }, { start: async (input) => (input.processor === 'FRAUD' ? { reply: { proc: 'FRAUD' } as ProcessorReply, at: T } : never()) });
    await settle();
    expect(actor.getSnapshot().context.log).toEqual([{ processor: 'FRAUD', result: 'passed', code: '' }]);
    actor.stop();
  });
});
