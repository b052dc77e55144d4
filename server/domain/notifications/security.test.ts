import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { freshDb, type TestDb } from '../../test/db';
import { listNotifications, readAllNotifications } from './list';
import { notify } from './notify';
import { signInWithNotice } from './security';

let t: TestDb;
let db: Db;
let userId: number;

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
  userId = (await db.insertInto('users').values({ email: 'sign-ins@example.com', password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

describe('sign-in notices', () => {
  it('repeated sign-ins fold into one notice with their count: a document and a support reply stay among the first three', async () => {
    await notify(db, { userId, kind: 'document.approved', params: { document: 'passport' }, key: 'doc:1' });
    await notify(db, { userId, kind: 'support.replied', params: { ticket: '7' }, key: 'ticket:7' });
    let session: string | null = null;
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) session = (await signInWithNotice(db, session, userId, { ip })).row.id;
    const first = await listNotifications(db, userId);
    expect(first.notifications.map((n) => n.kind)).toEqual(['security.sign_in', 'support.replied', 'document.approved']);
    expect(first.notifications[0]?.params).toEqual({ ip: '10.0.0.4', count: '4' });
    expect(first.more).toBe(false);
    expect(first.new).toBe(3);
  });

  it('after the trader read them, the next sign-in is one again (no count), and still one row', async () => {
    await readAllNotifications(db, userId);
    await signInWithNotice(db, null, userId, { ip: '10.0.0.9' });
    const first = await listNotifications(db, userId);
    expect(first.notifications.map((n) => [n.kind, n.params, n.read])).toEqual([
      ['security.sign_in', { ip: '10.0.0.9' }, false],
      ['support.replied', { ticket: '7' }, true],
      ['document.approved', { document: 'passport' }, true],
    ]);
    const rows = await db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('kind', '=', 'security.sign_in').execute();
    expect(rows).toHaveLength(1);
  });
});
