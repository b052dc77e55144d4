import type { MachineModel } from '../../machine-kit/types';
import { addressConfirmMachine } from './address-confirm.machine';

/** The confirmation link: confirmed, refused (used or expired) or lost, then pressed again. */
export const addressConfirmModel: MachineModel = {
  machine: addressConfirmMachine,
  input: { token: 'k'.repeat(43) },
  events: { confirm: [{}] },
  actors: {
    confirmAddress: [
      { output: { method: 'Bitcoin', wallet: 'bc1qqy…vxzzs0', label: 'Cold wallet', usableAt: '2026-12-02T10:00:00.000Z' } },
      { error: { kind: 'http', status: 410, error: 'address_book.link', message: 'This confirmation link is no longer valid.' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 4,
};
