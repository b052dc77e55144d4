import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import { note } from '../../../machines/notifications/notifications.model';
import { connectNotifications } from './notifications.connect';

function at(value: StateValue, context: object = {}): SnapshotFrom<typeof notificationsMachine> {
  const initial = createActor(notificationsMachine, { input: {} }).getSnapshot();
  return notificationsMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe('connectNotifications', () => {
  it('loading, then failed with a retry', () => {
    const send = vi.fn();
    expect(connectNotifications(at('loading'), send)).toMatchObject({ loading: true, shown: false, failed: false, canShowMore: false, canReadAll: false });
    const failed = connectNotifications(at('failed', { error: { key: 'notifications.failed' } }), send);
    expect(failed).toMatchObject({ failed: true, shown: false, error: { key: 'notifications.failed' } });
    failed.onRetry();
    expect(send).toHaveBeenCalledWith({ type: 'retry' });
  });

  it('shown: the first ones, show more while older exist, read one and all while unread', () => {
    const send = vi.fn();
    const items = [note(), note({ id: '2', read: true })];
    const api = connectNotifications(at('shown', { items, unread: 1, more: true }), send);
    expect(api).toMatchObject({ shown: true, empty: false, canShowMore: true, canReadAll: true, busy: false, unread: 1 });
    expect(api.items.map((n) => n.id)).toEqual(['3', '2']);
    api.onShowMore();
    api.onRead('3');
    api.onReadAll();
    expect(send.mock.calls.map(([e]) => e)).toEqual([{ type: 'more' }, { type: 'read', id: '3' }, { type: 'read.all' }]);
    expect(connectNotifications(at('shown', { items: [], unread: 0 }), send)).toMatchObject({ empty: true, canReadAll: false, canShowMore: false });
  });

  it('a later call keeps the list shown and busy', () => {
    const items = [note()];
    for (const state of ['loadingMore', 'reading', 'readingAll']) {
      expect(connectNotifications(at(state, { items, unread: 1, more: true }), vi.fn())).toMatchObject({ shown: true, busy: true, canReadAll: false });
    }
    expect(connectNotifications(at('loadingMore', { items, more: true }), vi.fn()).loadingMore).toBe(true);
    expect(connectNotifications(at('refreshing', { items, unread: 1 }), vi.fn())).toMatchObject({ shown: true, busy: false, canReadAll: true });
  });
});
