import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { freshDb, type TestDb } from '../../test/db';
import { notify } from './notify';
import type { NotificationKind } from '../../../core/notification-kinds';

let t: TestDb;
let db: Db;
let userId: number;

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
  userId = (await db.insertInto('users').values({ email: 'notify@example.com', password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const rows = () => db.selectFrom('notifications').select(['kind', 'params', 'key', 'read_at']).where('user_id', '=', userId).orderBy('id').execute();

describe('notify', () => {
  it('stores the kind and its facts, unread; the same key twice is one notification', async () => {
    await notify(db, { userId, kind: 'deposit.credited', params: { amount: '250.00', currency: 'USD' }, key: 'deposit:1' });
    await notify(db, { userId, kind: 'deposit.credited', params: { amount: '250.00', currency: 'USD' }, key: 'deposit:1' });
    await notify(db, { userId, kind: 'security.sign_in' });
    expect(await rows()).toEqual([
      { kind: 'deposit.credited', params: { amount: '250.00', currency: 'USD' }, key: 'deposit:1', read_at: null },
      { kind: 'security.sign_in', params: {}, key: null, read_at: null },
    ]);
  });

  it('in a transaction that rolls back, notifies nothing', async () => {
    const before = (await rows()).length;
    await expect(
      db.transaction().execute(async (trx) => {
        await notify(trx, { userId, kind: 'withdrawal.paid', key: 'withdrawal:9' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await rows()).length).toBe(before);
  });

  it('refuses a kind that is not area.event (the type refuses it too: the database holds the line for data from elsewhere)', async () => {
    await expect(notify(db, { userId, kind: '<b>x</b>' as NotificationKind })).rejects.toThrow();
  });
});
