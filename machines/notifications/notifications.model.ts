import { notificationsMachine } from './notifications.machine';
import type { MachineModel } from '../../machine-kit/types';

export const note = (over: Record<string, unknown> = {}) => ({
  id: '3',
  kind: 'deposit.credited',
  params: { amount: '250.00', currency: 'USD', method: 'vload' },
  read: false,
  created_at: '2026-11-25T10:00:00.000Z',
  ...over,
});

/** The bell's list: read, failed and retried; show more; read one and all; a pushed notification refreshes; later failures keep the list. */
export const notificationsModel: MachineModel = {
  machine: notificationsMachine,
  input: {},
  events: {
    read: [{ id: '3' }, { id: '1' }],
  },
  actors: {
    list: [
      { output: { notifications: [note(), note({ id: '2', read: true })], new: 1, more: true } },
      { output: { notifications: [note({ read: true })], new: 0, more: false } },
      { error: { kind: 'network' } },
    ],
    read: [{ output: { ok: true, new: 0 } }, { error: { kind: 'http', status: 404, error: 'notifications.not_found', message: 'There is no such notification.' } }],
    readAll: [{ output: { ok: true, new: 0 } }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};
