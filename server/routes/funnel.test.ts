import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CascadeFunnel, FUNNEL_BATCHES_PER_MINUTE, MachineFunnel, type FunnelReport } from '../../core/contract/funnel';
import { buildApp } from '../app';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * The funnel's routes (issue 34 §4), hostile: a report needs the session's CSRF header and its
 * shape; a session cannot flood it; what is kept names a segment, never the sender; the explorer's
 * reads exist only where the explorer is on, and the cascade's counts are the payments' own.
 */
let t: TestApp;
let closed: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await testApp({ seed: false });
  closed = await buildApp({ db: t.db, config: { ...t.config, explorer: false, funnel: { on: false, retentionDays: 90 } } });
});
afterAll(async () => {
  await closed?.close();
  await t?.close();
});

const report = (machine = 'login', n = 1): FunnelReport => ({
  lang: 'ru',
  device: 'phone',
  steps: Array.from({ length: n }, () => ({ machine, transition: `${machine}.editing:submit:0`, from: `${machine}.editing`, to: `${machine}.sessionLogin`, dwellMs: 4200 })),
});
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

describe('reports', () => {
  it('needs the CSRF header and a well-formed report; keeps the segment, not the sender', async () => {
    const b = t.browser();
    await b.me();
    expect((await b.send('POST', '/api/funnel/steps', { json: report('visitorOnly'), csrf: false })).statusCode).toBe(403);
    const bad = [{ ...report(), device: 'fridge' }, { ...report(), steps: [] }, { ...report(), steps: [{ machine: 'login', transition: 'x', from: 'a b', to: '', dwellMs: 1 }] }, { ...report(), steps: [{ machine: 'login', transition: 'x', from: 'a', to: '', dwellMs: -1 }] }];
    for (const json of bad) expect((await b.send('POST', '/api/funnel/steps', { json })).statusCode).toBe(400);
    expect(await t.db.selectFrom('funnel_hourly').selectAll().where('machine', '=', 'visitorOnly').execute()).toEqual([]);

    const answer = await b.send('POST', '/api/funnel/steps', { json: report('visitorOnly', 3) });
    expect(answer.json()).toEqual({ ok: true, accepted: 3 });
    const rows = await t.db.selectFrom('funnel_hourly').selectAll().where('machine', '=', 'visitorOnly').execute();
    expect(rows.map((r) => [r.country, r.lang, r.device, r.cohort, r.dwell_bucket, r.count])).toEqual([['', 'ru', 'phone', 'visitor', 3, 3]]);

    const trader = t.browser();
    const user = await freshUser(trader);
    await t.db.updateTable('users').set({ country: 'DE' }).where('email', '=', user.email).execute();
    await trader.send('POST', '/api/funnel/steps', { json: report('signedIn') });
    const mine = await t.db.selectFrom('funnel_hourly').selectAll().where('machine', '=', 'signedIn').executeTakeFirstOrThrow();
    expect([mine.country, mine.cohort]).toEqual(['DE', 'new']);
  });

  it(`refuses a session's reports past ${FUNNEL_BATCHES_PER_MINUTE} a minute`, async () => {
    const b = t.browser();
    await b.me();
    const statuses: number[] = [];
    // a minute may turn during the loop (its count starts again): the first refusal comes after the limit, and within twice it
    for (let i = 0; i < FUNNEL_BATCHES_PER_MINUTE * 2 + 1 && !statuses.includes(429); i++) statuses.push((await b.send('POST', '/api/funnel/steps', { json: report('flood') })).statusCode);
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThanOrEqual(FUNNEL_BATCHES_PER_MINUTE);
    expect(statuses.slice(0, first).every((s) => s === 200)).toBe(true);
    // another session is not held up by it
    const other = t.browser();
    await other.me();
    expect((await other.send('POST', '/api/funnel/steps', { json: report('flood') })).statusCode).toBe(200);
  });

  it('where the funnel is off, the app has nowhere to send; where the explorer is off, nothing to read', async () => {
    const b = t.browser();
    (b as { app: unknown }).app = closed;
    await b.me();
    expect((await b.send('POST', '/api/funnel/steps', { json: report() })).statusCode).toBe(404);
    expect((await b.send('GET', '/api/explorer/funnel?machine=login&from=2026-01-01&to=2026-01-02')).statusCode).toBe(404);
    expect((await b.send('GET', '/api/explorer/funnel/cascade?from=2026-01-01&to=2026-01-02')).statusCode).toBe(404);
  });
});

describe('the explorer’s reads', () => {
  it('one machine: what the reports added up, in the hour they came', async () => {
    const b = t.browser();
    await b.me();
    await b.send('POST', '/api/funnel/steps', { json: report('readBack', 2) });
    const { hour } = await t.db.selectFrom('funnel_hourly').select('hour').where('machine', '=', 'readBack').executeTakeFirstOrThrow();
    const day = dayOf(hour);
    const res = await b.send('GET', `/api/explorer/funnel?machine=readBack&from=${day}&to=${day}&lang=ru&device=phone&cohort=visitor`);
    const funnel = MachineFunnel.parse(res.json());
    expect(funnel.transitions).toEqual([{ id: 'readBack.editing:submit:0', from: 'readBack.editing', to: 'readBack.sessionLogin', count: 2 }]);
    expect(funnel.states).toEqual([{ id: 'readBack.editing', exits: 2, median: { low: 4000, high: 8000 } }]);
    expect(funnel.series.find((s) => s.at === hour.toISOString())?.count).toBe(2);
    expect(MachineFunnel.parse((await b.send('GET', `/api/explorer/funnel?machine=readBack&from=${day}&to=${day}&device=desktop`)).json()).total).toBe(0);
  });

  it('refuses a range backwards, longer than the limit, or without a machine', async () => {
    const b = t.browser();
    const cases: [string, string][] = [
      ['machine=login&from=2026-03-02&to=2026-03-01', 'funnel.range_backwards'],
      ['machine=login&from=2026-01-01&to=2026-12-31', 'funnel.range_long'],
      ['machine=login&from=2026-02-30&to=2026-03-01', 'funnel.range_invalid'],
      ['from=2026-03-01&to=2026-03-01', 'funnel.invalid'],
    ];
    for (const [q, error] of cases) {
      const res = await b.send('GET', `/api/explorer/funnel?${q}`);
      expect([res.statusCode, (res.json() as { error: string }).error], q).toEqual([400, error]);
    }
    // the shape itself (a day written otherwise) is refused by the contract
    expect((await b.send('GET', '/api/explorer/funnel?machine=login&from=2026-3-1&to=2026-03-01')).statusCode).toBe(400);
    // a range of FUNNEL_MAX_DAYS is one the explorer may ask for
    expect((await b.send('GET', '/api/explorer/funnel?machine=login&from=2026-01-01&to=2026-04-02')).statusCode).toBe(200);
  });

  it('the cascade: payments by status and each processor’s attempts by outcome and reason, from the tables, in the range and segment', async () => {
    const a = t.browser();
    const de = await freshUser(a);
    const fr = await freshUser(t.browser());
    // DE registered three days before its payments (new then), FR long before (returning)
    await t.db.updateTable('users').set({ country: 'DE', reg_time: new Date('2024-04-28T00:00:00Z') }).where('email', '=', de.email).execute();
    await t.db.updateTable('users').set({ country: 'FR', reg_time: new Date('2020-01-01T00:00:00Z') }).where('email', '=', fr.email).execute();
    const ids = await t.db.selectFrom('users').select(['id', 'email', 'country']).where('email', 'in', [de.email, fr.email]).execute();
    const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
    const accountOf = async (id: number) => (await t.db.selectFrom('accounts').select('id').where('user_id', '=', id).executeTakeFirstOrThrow()).id;
    // payments on fixed days far from now (written as rows: an approved one must be credited, so these end otherwise) (the range isolates them from other tests' payments)
    const pay = async (email: string, status: 'processing' | 'stopped' | 'failed', day: string, attempts: [string, 'approved' | 'declined', string][]) => {
      const id = randomUUID();
      const userId = idOf(email);
      await t.db.insertInto('cards').values({ token: `tok_${id}`, user_id: userId, first6: '400000', last4: '0010', brand: 'visa', exp_month: 12, exp_year: 2030, holder: 'T', country: 'DE', scenario: 'approved', fingerprint: null }).execute();
      await t.db
        .insertInto('card_payments')
        .values({ id, user_id: userId, idem_key: id, card_token: `tok_${id}`, amount_minor: 30000n as never, currency: 'USD', credit_account_id: await accountOf(userId), fixed: false, bonus: false, scenario: 'approved', status, credit_tx_id: null, day, created_at: new Date(`${day}T12:00:00Z`) } as never)
        .execute();
      let seq = 0;
      for (const [processor, outcome, code] of attempts)
        await t.db.insertInto('card_attempts').values({ payment_id: id, user_id: userId, processor, seq: seq++, uid: randomUUID(), status: outcome, code, message: code ? `declined ${code}` : '', created_at: new Date(`${day}T12:00:01Z`) } as never).execute();
    };
    await pay(de.email, 'processing', '2024-05-01', [['ORANGE', 'declined', '05'], ['MEIKO', 'approved', '']]);
    await pay(de.email, 'failed', '2024-05-02', [['ORANGE', 'declined', '05'], ['MEIKO', 'declined', '51']]);
    await pay(fr.email, 'stopped', '2024-05-02', [['ORANGE', 'approved', '']]);
    await pay(fr.email, 'stopped', '2024-05-04', [['ORANGE', 'approved', '']]); // outside the range

    const read = async (q: string) => CascadeFunnel.parse((await a.send('GET', `/api/explorer/funnel/cascade?from=2024-05-01&to=2024-05-03${q}`)).json());
    const all = await read('');
    expect(all.payments).toEqual([
      { status: 'failed', count: 1 },
      { status: 'processing', count: 1 },
      { status: 'stopped', count: 1 },
    ]);
    expect(all.processors).toEqual([
      { processor: 'ORANGE', attempts: 3, approved: 1, declined: 2, voided: 0, open: 0, reasons: [{ code: '05', message: 'declined 05', count: 2 }] },
      { processor: 'MEIKO', attempts: 2, approved: 1, declined: 1, voided: 0, open: 0, reasons: [{ code: '51', message: 'declined 51', count: 1 }] },
    ]);
    expect(all.ignored).toEqual([]);
    const de2 = await read('&country=DE&lang=ru&device=phone');
    expect(de2.payments).toEqual([
      { status: 'failed', count: 1 },
      { status: 'processing', count: 1 },
    ]);
    expect(de2.ignored).toEqual(['lang', 'device']);
    expect((await read('&cohort=new')).payments.reduce((n, p) => n + p.count, 0)).toBe(2);
    expect((await read('&cohort=returning')).payments).toEqual([{ status: 'stopped', count: 1 }]);
    expect((await read('&cohort=visitor')).processors).toEqual([]);
  });
});
