import type { EventFrom, SnapshotFrom } from 'xstate';
import type { addressConfirmMachine } from '../../../machines/address-confirm/address-confirm.machine';
import { formatDateTime } from '../shared/dates';
import { buttonProps, statusProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof addressConfirmMachine>;
type Send = (event: EventFrom<typeof addressConfirmMachine>) => void;

/** The address book's emailed link (issue 31 §6) for its page: Confirm (busy while it goes), the failure, the confirmed destination and from when it is usable. */
export function connectAddressConfirm(s: Snapshot, send: Send) {
  const sending = s.matches('sending');
  const { error, confirmed } = s.context;
  return {
    sending,
    error,
    confirmed: confirmed ? { ...confirmed, usableAt: formatDateTime(confirmed.usableAt) } : null,
    getConfirmProps: () => ({ ...buttonProps(() => send({ type: 'confirm' }), { disabled: sending }), 'aria-busy': sending || undefined }),
    getProblemProps: () => statusProps({ role: 'alert', focusOn: error ? 'confirm-address-error' : null }),
    getDoneProps: () => statusProps({ focusOn: confirmed ? 'confirm-address-done' : null }),
  };
}
