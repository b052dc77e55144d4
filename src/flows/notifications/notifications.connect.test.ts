import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, type StateValue } from 'xstate';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import { note } from '../../../machines/notifications/notifications.model';
import { BELL_MENU_ID, BELL_TITLE_ID, bellButtonProps, connectBellMenu } from './bell.connect';
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

describe('the getters of the list and the bell', () => {
  it('the list is busy while a call runs; show more, read and read all send; a problem is an alert', () => {
    const send = vi.fn();
    const api = connectNotifications(at('loadingMore', { items: [note()], unread: 1, more: true }), send);
    expect(api.getListProps()).toEqual({ 'aria-busy': true });
    expect(api.getMoreProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(api.getReadProps('3').disabled).toBe(true);
    expect(api.getUnreadProps()).toEqual({ 'aria-live': 'polite' });
    expect(api.getProblemProps()).toEqual({ role: 'alert' });
    const shown = connectNotifications(at('shown', { items: [note()], unread: 1, more: true }), send);
    expect(shown.getListProps()['aria-busy']).toBeUndefined();
    shown.getMoreProps().onClick();
    shown.getReadProps('3').onClick();
    shown.getReadAllProps().onClick();
    shown.getRetryProps().onClick();
    expect(send.mock.calls.map(([e]) => e)).toEqual([{ type: 'more' }, { type: 'read', id: '3' }, { type: 'read.all' }, { type: 'retry' }]);
  });

  it('the bell opens its dialog, named by its title; Escape closes it and asks the focus back to the bell', () => {
    const set = vi.fn();
    const open = connectBellMenu({ open: true, escaped: 0 }, set);
    expect(open.getTriggerProps()).toMatchObject({ 'aria-expanded': true, 'aria-controls': BELL_MENU_ID, 'data-focus-on': undefined });
    expect(open.getMenuProps()).toEqual({ id: BELL_MENU_ID, role: 'dialog', 'aria-labelledby': BELL_TITLE_ID });
    expect(open.getTitleProps()).toEqual({ id: BELL_TITLE_ID });
    const stopPropagation = vi.fn();
    open.getRootProps().onKeyDown({ key: 'Escape', stopPropagation } as never);
    expect(stopPropagation).toHaveBeenCalled();
    expect(set).toHaveBeenLastCalledWith({ open: false, escaped: 1 });
    open.getCloseProps().onClick();
    expect(set).toHaveBeenLastCalledWith({ open: false, escaped: 0 });
    const closed = connectBellMenu({ open: false, escaped: 1 }, set);
    expect(closed.getTriggerProps()).toMatchObject({ 'aria-expanded': false, 'aria-controls': undefined, 'data-focus-on': 'escaped-1' });
    closed.getTriggerProps().onClick!();
    expect(set).toHaveBeenLastCalledWith({ open: true, escaped: 1 });
    expect(bellButtonProps({ open: false, busy: true })).toMatchObject({ 'aria-busy': true, 'aria-expanded': undefined });
  });
});
