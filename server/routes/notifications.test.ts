import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingList, type ServerEvent } from '../../core/contract';
import { NotificationList } from '../../core/contract/notifications';
import { notify } from '../domain/notifications/notify';
import { memoryHub } from '../push/hub';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

const push = memoryHub();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ push });
});
afterAll(() => t?.close());

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let seq = 0;

async function trader(balance = '0.00') {
  const b = t.browser();
  const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: balance }] });
  const id = Number(user.userId);
  const events: ServerEvent[] = [];
  push.subscribe(id, (e) => events.push(e));
  return { b, id, events };
}
const list = async (b: Browser, query = '') => NotificationList.parse((await b.send('GET', `/api/us/notifications${query}`)).json());
const pin = () => `1250${String(Date.now() + seq++).slice(-12).padStart(12, '0')}`;

describe('notifications: /api/us/notifications, notifications_read, notifications_read_all', () => {
  it('a sign-in and a credited deposit are notified once each, newest first, pushed after the commit', async () => {
    const { b, id, events } = await trader();
    const first = await list(b);
    expect(first.notifications.map((n) => n.kind)).toEqual(['security.sign_in']);
    const voucher = pin();
    expect((await b.send('POST', '/api/card/fast/vload', { json: { amount: voucher, fixed: false, bonus: false, test: true } })).statusCode).toBe(200);
    expect(events).toContainEqual({ type: 'notification.new' });
    // the same pin again credits nothing and notifies nothing
    expect((await b.send('POST', '/api/card/fast/vload', { json: { amount: voucher, fixed: false, bonus: false, test: true } })).statusCode).toBe(409);
    const after = await list(b);
    expect(after.new).toBe(2);
    expect(after.notifications[0]).toMatchObject({ kind: 'deposit.credited', params: { amount: '250.00', currency: 'USD', method: 'vload' }, read: false });
    expect(after.notifications).toHaveLength(2);
    const rows = await t.db.selectFrom('notifications').select('kind').where('user_id', '=', id).execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['deposit.credited', 'security.sign_in']);
  });

  it('pages: the first 3, then the older ones on demand; read one (owner only), read all', async () => {
    const { b, id, events } = await trader();
    for (let i = 0; i < 5; i++) await notify(t.db, { userId: id, kind: 'support.replied', params: { n: String(i) }, key: `test:${i}` });
    const first = await list(b);
    expect(first.notifications.map((n) => n.params.n)).toEqual(['4', '3', '2']);
    expect([first.new, first.more]).toEqual([6, true]);
    const rest = await list(b, `?before=${first.notifications[2].id}&limit=10`);
    expect(rest.notifications.map((n) => n.kind)).toEqual(['support.replied', 'support.replied', 'security.sign_in']);
    expect(rest.more).toBe(false);
    expect((await b.send('GET', '/api/us/notifications?limit=0')).statusCode).toBe(400);
    expect((await b.send('GET', '/api/us/notifications?before=x')).statusCode).toBe(400);

    const one = await b.send('POST', '/api/us/notifications_read', { json: { id: first.notifications[0].id } });
    expect(one.json()).toEqual({ ok: true, new: 5 });
    expect(events).toContainEqual({ type: 'notification.read' });
    // again: still read, nothing changes
    expect((await b.send('POST', '/api/us/notifications_read', { json: { id: Number(first.notifications[0].id) } })).json()).toEqual({ ok: true, new: 5 });

    const stranger = await trader();
    const foreign = await stranger.b.send('POST', '/api/us/notifications_read', { json: { id: first.notifications[1].id } });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'notifications.not_found']);
    expect((await stranger.b.send('POST', '/api/us/notifications_read', { json: { id: '999999999' } })).statusCode).toBe(404);
    expect((await stranger.b.send('POST', '/api/us/notifications_read', { json: { id: 'abc' } })).statusCode).toBe(400);
    expect((await stranger.b.send('POST', '/api/us/notifications_read_all')).json()).toEqual({ ok: true, new: 0 });
    expect((await list(b)).new).toBe(5);

    expect((await b.send('POST', '/api/us/notifications_read_all')).json()).toEqual({ ok: true, new: 0 });
    const all = await list(b);
    expect([all.new, all.notifications.every((n) => n.read)]).toEqual([0, true]);
    expect((await t.browser().send('GET', '/api/us/notifications')).statusCode).toBe(401);
  });

  it('a paid withdrawal is notified with its amount; a cancelled one is not', async () => {
    const { b, events } = await trader('1000.00');
    const withdraw = async (amount: string) => {
      const res = await b.send('POST', '/api/withdrawal/final', {
        json: { amount, method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `notifications-test-${Date.now()}-${seq++}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const pending = PendingList.parse((await b.send('POST', '/api/us/pending', { json: {} })).json());
      return pending.hits.find((w) => w.amount === amount)!.transactionId;
    };
    const paid = await withdraw('100.00');
    expect((await b.send('POST', '/api/sandbox/withdrawals/settle', { json: { id: paid, outcome: 'paid' } })).statusCode).toBe(200);
    expect(events).toContainEqual({ type: 'notification.new' });
    const cancelled = await withdraw('50.00');
    expect((await b.send('POST', '/api/us/reject', { json: { id: cancelled } })).json().return).toBe(true);
    const kinds = (await list(b, '?limit=10')).notifications.map((n) => [n.kind, n.params.amount ?? '']);
    expect(kinds).toEqual([
      ['withdrawal.paid', '100.00'],
      ['security.sign_in', ''],
    ]);
  });
});
