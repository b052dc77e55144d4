import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_CATEGORIES, COMPLAINT_RULES, complaintDueDate } from '../../../core/complaints';
import type { NewComplaintRequest } from '../../../core/contract/complaints';
import type { ServerEvent } from '../../../core/contract/events';
import type { Db } from '../../db';
import '../../db/schema-complaints';
import '../../db/schema-notifications';
import '../../db/schema-register';
import { freshDb, type TestDb } from '../../test/db';
import type { OutgoingMessage } from '../ports';
import { Refusal } from '../refusal';
import { answerComplaint, complaintCounts, complaintDesk, listComplaints, makeComplaint, showComplaint, type ComplaintDeps } from './complaints';

/**
 * The complaints domain on a fixed clock (every `now` is written here; the real clock and the
 * machine's zone are never read). Each test uses its own traders and, where it counts references,
 * its own year: the counter is per year.
 */

let t: TestDb;
let db: Db;
const sent: OutgoingMessage[] = [];
const pushed: { userId: number; event: ServerEvent }[] = [];
const OMBUDSMAN = { name: 'Financial Ombudsman of the Republic of Cyprus', url: 'https://www.financialombudsman.gov.cy' };
let deps: ComplaintDeps;

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
  deps = {
    db,
    messenger: { send: async (message) => void sent.push(message) },
    publish: (userId, event) => void pushed.push({ userId, event }),
    ombudsman: OMBUDSMAN,
    siteUrl: 'https://broker.example',
  };
});
afterAll(() => t?.close());

let traders = 0;
async function trader(lang?: 'en' | 'ru'): Promise<{ id: number; email: string }> {
  traders += 1;
  const email = `complaints-${traders}@example.com`;
  const { id } = await db.insertInto('users').values({ email, password_hash: 'x', country: 'CY', currency: 'EUR', current_account_id: null }).returning('id').executeTakeFirstOrThrow();
  if (lang) await db.insertInto('user_profiles').values({ user_id: id, phone_prefix: '357', phone: '99000000', us_notice_at: null, lang }).execute();
  return { id, email };
}

let keys = 0;
const request = (over: Partial<NewComplaintRequest> = {}): NewComplaintRequest => ({
  key: `complaint-key-${++keys}`,
  category: 'withdrawal',
  subject: 'My withdrawal is late',
  text: 'I asked for a withdrawal ten days ago and it has not arrived yet.',
  ...over,
});
const at = (iso: string) => new Date(iso);

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

const counter = async (year: number) => (await db.selectFrom('complaint_counters').select('last').where('year', '=', year).executeTakeFirst())?.last ?? 0;
const rowsOf = (userId: number) => db.selectFrom('complaints').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const notificationsOf = (userId: number) => db.selectFrom('notifications').select(['kind', 'params', 'key']).where('user_id', '=', userId).orderBy('id').execute();
const mailTo = (email: string) => sent.filter((m) => m.address === email);
const tableCounts = async () => {
  const [c, n, k] = await Promise.all([
    db.selectFrom('complaints').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('complaint_counters').select((eb) => eb.fn.sum<string>('last').as('n')).executeTakeFirstOrThrow(),
  ]);
  return { complaints: Number(c.n), notifications: Number(n.n), steps: Number(k.n ?? 0), mails: sent.length, pushes: pushed.length };
};

describe('the reference: CMP-{UTC year}-{six digits}, consecutive within the year', () => {
  it('numbers from 000001 each year; the year is the UTC one', async () => {
    const a = await trader();
    const b = await trader();
    expect((await makeComplaint(deps, a.id, request(), at('2026-03-10T09:00:00Z'))).reference).toBe('CMP-2026-000001');
    expect((await makeComplaint(deps, b.id, request(), at('2026-03-10T09:05:00Z'))).reference).toBe('CMP-2026-000002');
    // 23:30 on 31 December at UTC-1 is already 2027 in UTC
    expect((await makeComplaint(deps, a.id, request(), at('2026-12-31T23:30:00-01:00'))).reference).toBe('CMP-2027-000001');
    expect((await makeComplaint(deps, b.id, request(), at('2027-01-01T00:00:00Z'))).reference).toBe('CMP-2027-000002');
    // a late 2026 one still takes 2026's next number
    expect((await makeComplaint(deps, b.id, request(), at('2026-12-31T23:59:59.999Z'))).reference).toBe('CMP-2026-000003');
    expect([await counter(2026), await counter(2027)]).toEqual([3, 2]);
  });

  it('is acknowledged at once, due two calendar months later (a short month: its last day)', async () => {
    const a = await trader();
    const made = await makeComplaint(deps, a.id, request({ category: 'fees' }), at('2028-12-31T15:45:00Z'));
    expect(made).toMatchObject({
      reference: 'CMP-2028-000001',
      category: 'fees',
      status: 'open',
      created_at: '2028-12-31T15:45:00.000Z',
      acknowledged_at: '2028-12-31T15:45:00.000Z',
      due_at: '2029-02-28T15:45:00.000Z',
      answer: null,
    });
    const [row] = await rowsOf(a.id);
    expect(new Date(row.due_at).toISOString()).toBe(complaintDueDate(at('2028-12-31T15:45:00Z')).toISOString());
    expect(new Date(row.acknowledged_at).getTime()).toBe(new Date(row.created_at).getTime());
  });
});

describe('the acknowledgement: in the app with the complaint, by email after it', () => {
  it('stores the notification with the reference and the due date, pushes, emails in English', async () => {
    const a = await trader();
    const pushesBefore = pushed.length;
    const made = await makeComplaint(deps, a.id, request({ subject: '  Late   payout ', text: '  The payout of 16 May never arrived.\r\nPlease check.  ' }), at('2026-05-16T08:00:00Z'));
    expect([made.subject, made.text]).toEqual(['Late payout', 'The payout of 16 May never arrived.\nPlease check.']);
    expect(await notificationsOf(a.id)).toEqual([
      { kind: 'complaint.acknowledged', params: { reference: made.reference, due: '16.07.2026', due_at: '2026-07-16T08:00:00.000Z' }, key: `complaint:${made.reference}:acknowledged` },
    ]);
    expect(pushed.slice(pushesBefore)).toEqual([{ userId: a.id, event: { type: 'notification.new' } }]);
    const [mail] = mailTo(a.email);
    expect(mail).toMatchObject({ userId: a.id, channel: 'email', subject: `Your complaint is registered: ${made.reference}` });
    expect(mail.body).toContain(`registered it under the reference ${made.reference}`);
    expect(mail.body).toContain('by 16.07.2026 (UTC) at the latest');
    expect(mail.body).toContain('What happens next');
    expect(mail.body).toContain('Category: withdrawal of funds');
    expect(mail.body).toContain('https://broker.example/en/trading#/show/complaints');
  });

  it("writes the email in the trader's language", async () => {
    const a = await trader('ru');
    const made = await makeComplaint(deps, a.id, request({ category: 'execution' }), at('2026-05-16T08:00:00Z'));
    const [mail] = mailTo(a.email);
    expect(mail.subject).toBe(`Ваша жалоба зарегистрирована: ${made.reference}`);
    expect(mail.body).toContain('не позднее 16.07.2026 (UTC)');
    expect(mail.body).toContain('Категория: исполнение ордеров и цены');
    expect(mail.body).toContain('https://broker.example/ru/trading#/show/complaints');
  });

  it('is one transaction: a notification that cannot be stored leaves no complaint, no counter step, no mail, no push', async () => {
    const a = await trader();
    const first = await makeComplaint(deps, a.id, request(), at('2032-02-01T10:00:00Z'));
    expect(first.reference).toBe('CMP-2032-000001');
    const before = await tableCounts();
    // a real failure in the database, after the counter and the complaint's insert: the notifications table refuses this kind
    await sql`alter table notifications add constraint complaints_test_refuse check (kind <> 'complaint.acknowledged') not valid`.execute(db);
    try {
      await expect(makeComplaint(deps, a.id, request(), at('2032-02-01T10:01:00Z'))).rejects.toThrow(/complaints_test_refuse/);
    } finally {
      await sql`alter table notifications drop constraint complaints_test_refuse`.execute(db);
    }
    expect(await tableCounts()).toEqual(before);
    expect(await counter(2032)).toBe(1);
    expect((await rowsOf(a.id)).map((r) => r.reference)).toEqual(['CMP-2032-000001']);
    // no gap: the next complaint takes the number the failed one did not keep
    expect((await makeComplaint(deps, a.id, request(), at('2032-02-01T10:02:00Z'))).reference).toBe('CMP-2032-000002');
  });
});

describe('idempotent by key', () => {
  it('the same key answers the same complaint and writes nothing more; with other content it is 409', async () => {
    const a = await trader();
    const first = request({ category: 'deposit' });
    const made = await makeComplaint(deps, a.id, first, at('2026-08-01T10:00:00Z'));
    const before = await tableCounts();
    // the same submit again (a double click, a retry after a lost answer), whitespace aside
    expect(await makeComplaint(deps, a.id, { ...first, subject: ` ${first.subject} ` }, at('2026-08-01T10:00:05Z'))).toEqual(made);
    expect(await tableCounts()).toEqual(before);
    const other = await refusal(makeComplaint(deps, a.id, { ...first, text: 'Something else happened on another day entirely.' }, at('2026-08-01T10:00:10Z')));
    expect([other.status, other.key]).toEqual([409, 'complaint.key_reused']);
    expect(await tableCounts()).toEqual(before);
    // another trader may use the same key for their own complaint
    const b = await trader();
    expect((await makeComplaint(deps, b.id, first, at('2026-08-01T10:00:20Z'))).reference).not.toBe(made.reference);
  });
});

describe('bad input: 400 with its key and the field, nothing written', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, Partial<NewComplaintRequest>, string, Record<string, string>][] = [
    ['an unknown category', { category: 'lottery' }, 'complaint.category', { category: 'complaint.category' }],
    ['an empty category', { category: '' }, 'complaint.category', { category: 'complaint.category' }],
    ['a subject too short after trimming', { subject: `  ${long(COMPLAINT_RULES.subjectMin - 1)}  ` }, 'complaint.subject', { subject: 'complaint.subject' }],
    ['a subject of spaces', { subject: '        ' }, 'complaint.subject', { subject: 'complaint.subject' }],
    ['a subject too long', { subject: long(COMPLAINT_RULES.subjectMax + 1) }, 'complaint.subject', { subject: 'complaint.subject' }],
    ['a text too short after trimming', { text: `\n ${long(COMPLAINT_RULES.textMin - 1)} \n` }, 'complaint.text', { text: 'complaint.text' }],
    ['a text too long', { text: long(COMPLAINT_RULES.textMax + 1) }, 'complaint.text', { text: 'complaint.text' }],
    ['everything wrong: the first key, every field', { category: 'x', subject: '', text: '' }, 'complaint.category', { category: 'complaint.category', subject: 'complaint.subject', text: 'complaint.text' }],
    ['a bad key', { key: 'short' }, 'complaint.key', { key: 'complaint.key' }],
  ];

  it.each(cases)('%s', async (_name, over, key, fields) => {
    const a = await trader();
    const before = await tableCounts();
    const refused = await refusal(makeComplaint(deps, a.id, request(over), at('2026-09-01T10:00:00Z')));
    expect([refused.status, refused.key, refused.fields]).toEqual([400, key, fields]);
    expect(refused.message).not.toBe('');
    expect(await tableCounts()).toEqual(before);
  });

  it('takes the limits themselves', async () => {
    const a = await trader();
    const made = await makeComplaint(deps, a.id, request({ subject: long(COMPLAINT_RULES.subjectMin), text: long(COMPLAINT_RULES.textMax) }), at('2026-09-01T10:00:00Z'));
    expect([made.subject.length, made.text.length]).toEqual([COMPLAINT_RULES.subjectMin, COMPLAINT_RULES.textMax]);
    const b = await trader();
    expect((await makeComplaint(deps, b.id, request({ subject: long(COMPLAINT_RULES.subjectMax), text: long(COMPLAINT_RULES.textMin) }), at('2026-09-01T10:00:00Z'))).status).toBe('open');
  });
});

describe('at most COMPLAINT_RULES.perDay a UTC day per trader', () => {
  it('the next one that day is 429 complaint.rate with Retry-After until midnight UTC; the next day is fine', async () => {
    const a = await trader();
    // yesterday's does not count towards today
    await makeComplaint(deps, a.id, request(), at('2026-10-04T23:59:59.999Z'));
    const first = request();
    const made = [await makeComplaint(deps, a.id, first, at('2026-10-05T00:00:00Z'))];
    for (let i = 1; i < COMPLAINT_RULES.perDay; i++) made.push(await makeComplaint(deps, a.id, request(), at(`2026-10-05T0${i}:00:00Z`)));
    const before = await tableCounts();
    const refused = await refusal(makeComplaint(deps, a.id, request(), at('2026-10-05T23:59:59.000Z')));
    expect([refused.status, refused.key, refused.headers]).toEqual([429, 'complaint.rate', { 'retry-after': '1' }]);
    expect(await tableCounts()).toEqual(before);
    // a retry of one already made still answers it
    const again = await makeComplaint(deps, a.id, first, at('2026-10-05T23:59:59.500Z'));
    expect(again.reference).toBe(made[0].reference);
    expect((await makeComplaint(deps, a.id, request(), at('2026-10-06T00:00:00Z'))).status).toBe('open');
  });

  it('holds when they come at once: exactly perDay of them are made', async () => {
    const a = await trader();
    const results = await Promise.allSettled(Array.from({ length: COMPLAINT_RULES.perDay + 3 }, () => makeComplaint(deps, a.id, request(), at('2026-10-07T12:00:00Z'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(COMPLAINT_RULES.perDay);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Refusal] : []));
    expect(refused.map((r) => r.key)).toEqual(Array(3).fill('complaint.rate'));
    expect(await rowsOf(a.id)).toHaveLength(COMPLAINT_RULES.perDay);
  });
});

describe('concurrent complaints', () => {
  it('30 at once get 30 distinct consecutive references, no gaps', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, () => trader()));
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => makeComplaint(deps, six[i % 6].id, request(), at('2031-04-01T12:00:00Z'))));
    const numbers = made.map((c) => Number(c.reference.slice('CMP-2031-'.length))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await counter(2031)).toBe(30);
  });
});

describe("the trader's own complaints", () => {
  it('lists them newest first; another trader’s reference, an unknown or a malformed one is 404', async () => {
    const a = await trader();
    const b = await trader();
    const older = await makeComplaint(deps, a.id, request(), at('2026-11-01T09:00:00Z'));
    const newer = await makeComplaint(deps, a.id, request({ category: 'bonus' }), at('2026-11-02T09:00:00Z'));
    expect((await listComplaints(deps, a.id)).map((c) => c.reference)).toEqual([newer.reference, older.reference]);
    expect(await listComplaints(deps, b.id)).toEqual([]);
    expect(await showComplaint(deps, a.id, older.reference)).toEqual(older);
    for (const reference of [older.reference, 'CMP-1999-999999', 'nonsense', '']) {
      const refused = await refusal(showComplaint(deps, b.id, reference));
      expect([refused.status, refused.key]).toEqual([404, 'complaint.not_found']);
    }
  });
});

describe('the final answer', () => {
  const ANSWER = 'We have checked your withdrawal: it was delayed by our processor and is now paid.';

  it('once: names the ombudsman, notifies in the app and by email; a second answer is 409 and changes nothing', async () => {
    const a = await trader();
    const made = await makeComplaint(deps, a.id, request(), at('2026-06-01T10:00:00Z'));
    const pushesBefore = pushed.length;
    const answered = await answerComplaint(deps, made.reference, `  ${ANSWER}  `, ' Anna  Agent ', at('2026-06-20T14:00:00Z'));
    expect(answered).toMatchObject({ reference: made.reference, status: 'answered', urgency: null, answer: ANSWER, answered_at: '2026-06-20T14:00:00.000Z', answered_by: 'Anna Agent', email: a.email });
    expect((await showComplaint(deps, a.id, made.reference)).answer).toEqual({ text: ANSWER, at: '2026-06-20T14:00:00.000Z', ombudsman: OMBUDSMAN });
    expect((await notificationsOf(a.id)).map((n) => [n.kind, n.params])).toEqual([
      ['complaint.acknowledged', expect.objectContaining({ reference: made.reference })],
      ['complaint.answered', { reference: made.reference, ombudsman: OMBUDSMAN.name, ombudsman_url: OMBUDSMAN.url }],
    ]);
    expect(pushed.slice(pushesBefore)).toEqual([
      { userId: a.id, event: { type: 'notification.new' } },
      { userId: a.id, event: { type: 'complaint.updated', id: made.reference, status: 'answered' } },
    ]);
    const mail = mailTo(a.email).at(-1)!;
    expect(mail.subject).toBe(`Our final answer to your complaint ${made.reference}`);
    expect(mail.body).toContain(`${OMBUDSMAN.name} (${OMBUDSMAN.url})`);
    expect(mail.body).toContain(ANSWER);

    const before = await tableCounts();
    const again = await refusal(answerComplaint(deps, made.reference, 'A different answer that is long enough to count.', 'Bob', at('2026-06-21T14:00:00Z')));
    expect([again.status, again.key]).toEqual([409, 'complaint.answered']);
    expect(await tableCounts()).toEqual(before);
    expect((await rowsOf(a.id))[0]).toMatchObject({ answer: ANSWER, answered_by: 'Anna Agent' });
  });

  it('in the trader’s language, naming the configured ombudsman', async () => {
    const a = await trader('ru');
    const made = await makeComplaint(deps, a.id, request(), at('2026-06-01T10:00:00Z'));
    const other = { name: 'Financial Ombudsman Service', url: 'https://www.financial-ombudsman.org.uk' };
    await answerComplaint({ ...deps, ombudsman: other }, made.reference, ANSWER, 'Anna', at('2026-06-02T10:00:00Z'));
    const mail = mailTo(a.email).at(-1)!;
    expect(mail.subject).toBe(`Окончательный ответ на вашу жалобу ${made.reference}`);
    expect(mail.body).toContain('Financial Ombudsman Service (https://www.financial-ombudsman.org.uk)');
  });

  it('refuses a short or long answer, no agent, an unknown complaint; nothing written', async () => {
    const a = await trader();
    const made = await makeComplaint(deps, a.id, request(), at('2026-06-01T10:00:00Z'));
    const before = await tableCounts();
    const cases: [unknown, unknown, string, number][] = [
      ['x'.repeat(COMPLAINT_RULES.answerMin - 1), 'Anna', 'complaint.answer', 400],
      ['x'.repeat(COMPLAINT_RULES.answerMax + 1), 'Anna', 'complaint.answer', 400],
      [ANSWER, '   ', 'complaint.agent', 400],
      [ANSWER, 'x'.repeat(101), 'complaint.agent', 400],
    ];
    for (const [answer, agent, key, status] of cases) {
      const refused = await refusal(answerComplaint(deps, made.reference, answer, agent, at('2026-06-02T10:00:00Z')));
      expect([refused.status, refused.key]).toEqual([status, key]);
    }
    for (const reference of ['CMP-1999-000001', 'nonsense']) {
      const refused = await refusal(answerComplaint(deps, reference, ANSWER, 'Anna', at('2026-06-02T10:00:00Z')));
      expect([refused.status, refused.key]).toEqual([404, 'complaint.not_found']);
    }
    expect(await tableCounts()).toEqual(before);
    expect((await rowsOf(a.id))[0].status).toBe('open');
  });
});

describe("the agents' desk", () => {
  it('open ones first by due date, each flagged against the clock; answered ones after, unflagged', async () => {
    const a = await trader();
    const b = await trader();
    // due 2029-03-01, 2029-03-20, 2029-05-10 and (answered) 2029-02-15
    const overdue = await makeComplaint(deps, a.id, request(), at('2029-01-01T12:00:00Z'));
    const answered = await makeComplaint(deps, b.id, request(), at('2028-12-15T12:00:00Z'));
    const ok = await makeComplaint(deps, b.id, request(), at('2029-03-10T12:00:00Z'));
    const near = await makeComplaint(deps, a.id, request(), at('2029-01-20T12:00:00Z'));
    await answerComplaint(deps, answered.reference, 'Our final answer, long enough to be one.', 'Anna', at('2029-01-05T12:00:00Z'));
    const now = at('2029-03-08T12:00:00Z');
    const mine = new Set([overdue.reference, answered.reference, ok.reference, near.reference]);
    const desk = (await complaintDesk(db, now)).filter((c) => mine.has(c.reference));
    expect(desk.map((c) => [c.reference, c.status, c.urgency, c.due_at])).toEqual([
      [overdue.reference, 'open', 'overdue', '2029-03-01T12:00:00.000Z'],
      [near.reference, 'open', 'near', '2029-03-20T12:00:00.000Z'],
      [ok.reference, 'open', 'ok', '2029-05-10T12:00:00.000Z'],
      [answered.reference, 'answered', null, '2029-02-15T12:00:00.000Z'],
    ]);
    expect(desk[0]).toMatchObject({ email: a.email, userId: a.id, category: 'withdrawal', answer: null, answered_at: null, answered_by: null });
    // the whole desk: every open one before every answered one, each part by due date
    const all = await complaintDesk(db, now);
    const firstAnswered = all.findIndex((c) => c.status === 'answered');
    expect(all.slice(firstAnswered).every((c) => c.status === 'answered')).toBe(true);
    const open = all.slice(0, firstAnswered).map((c) => c.due_at);
    expect(open).toEqual([...open].sort());
    // exactly at the due date it is past due; nearDueDays before it, due soon
    expect((await complaintDesk(db, at('2029-03-20T12:00:00Z'))).find((c) => c.reference === near.reference)?.urgency).toBe('overdue');
    expect((await complaintDesk(db, at('2029-03-06T12:00:00Z'))).find((c) => c.reference === near.reference)?.urgency).toBe('near');
    expect((await complaintDesk(db, at('2029-03-06T11:59:59Z'))).find((c) => c.reference === near.reference)?.urgency).toBe('ok');
  });
});

describe("the operator's monthly count by category", () => {
  it('counts the complaints made in the UTC month, every category listed, zeros included', async () => {
    const a = await trader();
    const b = await trader();
    await makeComplaint(deps, a.id, request({ category: 'withdrawal' }), at('2030-03-01T00:00:00Z'));
    await makeComplaint(deps, a.id, request({ category: 'withdrawal' }), at('2030-03-15T10:00:00Z'));
    await makeComplaint(deps, b.id, request({ category: 'bonus' }), at('2030-03-31T23:59:59.999Z'));
    // outside the month: the last moment of February, the first of April
    await makeComplaint(deps, b.id, request({ category: 'fees' }), at('2030-02-28T23:59:59.999Z'));
    await makeComplaint(deps, b.id, request({ category: 'fees' }), at('2030-04-01T00:00:00Z'));
    const march = await complaintCounts(db, 2030, 3);
    expect(march).toEqual({
      month: '2030-03',
      total: 3,
      categories: COMPLAINT_CATEGORIES.map((category) => ({ category, count: category === 'withdrawal' ? 2 : category === 'bonus' ? 1 : 0 })),
    });
    expect((await complaintCounts(db, 2030, 2)).categories.find((c) => c.category === 'fees')?.count).toBe(1);
    const empty = await complaintCounts(db, 2030, 7);
    expect([empty.month, empty.total, empty.categories.map((c) => c.category), empty.categories.every((c) => c.count === 0)]).toEqual(['2030-07', 0, [...COMPLAINT_CATEGORIES], true]);
    for (const [year, month] of [
      [2030, 0],
      [2030, 13],
      [1999, 5],
    ]) {
      expect((await refusal(complaintCounts(db, year, month))).key).toBe('complaint.month');
    }
  });
});
