import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge, ProcessorGateway } from '../../domain/ports';
import { ProcessorTimeout, withinTimeout } from '../../domain/payments/health';
import { freshDb, type TestDb } from '../../test/db';
import { sandboxProcessors } from './sandbox-gateway';
import { SandboxProcessorDown, setSwitch, switchedProcessors, switchesOf } from './switch';

/** The tester's switch (issue 32 §4): a processor times out or answers 5xx for every instance (a row), and back. */

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2026-06-01T10:00:00Z');
const charge: Charge = { uid: 'tx_0123456789abcdef01234567', paymentId: 'p-1', seq: 0, amountMinor: 25000n, currency: 'USD', card: { token: 't', first6: '400000', last4: '0010', brand: 'visa' }, scenario: 'approved' };

describe('the sandbox processor switch', () => {
  it('server_error: starts, checks and completions throw as a 5xx does; voids still go through; up: answers again', async () => {
    const gateway = switchedProcessors(t.db, sandboxProcessors());
    await setSwitch(t.db, 'MEIKO', 'server_error', NOW);
    await expect(gateway.start('MEIKO', charge)).rejects.toBeInstanceOf(SandboxProcessorDown);
    await expect(gateway.check('MEIKO', charge, 0)).rejects.toBeInstanceOf(SandboxProcessorDown);
    await expect(gateway.complete('MEIKO', charge, { approve: true })).rejects.toBeInstanceOf(SandboxProcessorDown);
    expect(await gateway.void('MEIKO', charge)).toEqual({ kind: 'voided' });
    // another processor is not touched
    expect(await gateway.start('ORANGE', charge)).toEqual({ kind: 'approved' });
    await setSwitch(t.db, 'MEIKO', 'up', NOW);
    expect(await gateway.start('MEIKO', charge)).toEqual({ kind: 'approved' });
    expect([...(await switchesOf(t.db)).entries()]).toEqual([]);
  });

  it('timeout: the start never answers, so the domain’s own bound gives up on it (ProcessorTimeout)', async () => {
    await setSwitch(t.db, 'ZOOM', 'timeout', NOW);
    // a second instance: its own gateway object on the same database sees the switch
    const other: ProcessorGateway = switchedProcessors(t.db, sandboxProcessors());
    await expect(withinTimeout('ZOOM', other.start('ZOOM', charge), 30)).rejects.toBeInstanceOf(ProcessorTimeout);
    expect([...(await switchesOf(t.db)).entries()]).toEqual([['ZOOM', 'timeout']]);
    await setSwitch(t.db, 'ZOOM', 'server_error', NOW);
    expect([...(await switchesOf(t.db)).entries()]).toEqual([['ZOOM', 'server_error']]);
    await setSwitch(t.db, 'ZOOM', 'up', NOW);
  });
});
