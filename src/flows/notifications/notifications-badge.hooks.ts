import { useEffect, useSyncExternalStore } from 'react';
import { onServerEvent } from '../../api/events';
import { http } from '../../api/http';

/**
 * The header bell's unread count, the only part of the notifications loaded with the
 * trading page: read once when the bell mounts, again on a pushed notification.new or
 * notification.read (another tab read some); the bell's list (its own chunk) sets it as its
 * machine learns it. Not /api/me: the bell loads its own.
 */
let unread = 0;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function setUnread(count: number): void {
  if (count === unread) return;
  unread = count;
  listeners.forEach((l) => l());
}

async function refresh(): Promise<void> {
  try {
    const body = await http.get('/api/us/notifications?limit=1').json<{ new?: unknown }>();
    if (typeof body.new === 'number') setUnread(body.new);
  } catch {
    // the badge keeps the last count; the next push or mount reads it again
  }
}

export function useUnreadNotifications(): number {
  useEffect(() => {
    void refresh();
    return onServerEvent((event) => {
      if (event.type === 'notification.new' || event.type === 'notification.read') void refresh();
    });
  }, []);
  return useSyncExternalStore(subscribe, () => unread);
}
