import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { formatAmount } from '../shared/money';
import { VLOAD_FLOOR, type voucherMachine } from '../../../machines/voucher/voucher.machine';
import type { VoucherEvent } from '../../../machines/voucher/voucher.types';

export type VoucherSnapshot = SnapshotFrom<typeof voucherMachine>;

/** connect() for the Vload tab. */
export function connectVoucher(s: VoucherSnapshot, send: (event: VoucherEvent) => void, lang = 'en') {
  const isRedeeming = s.matches('redeeming');
  return {
    isDemo: s.matches('demoBlocked'),
    isForm: s.matches('editing') || isRedeeming,
    isBusy: isRedeeming,
    isRedeemed: s.matches('redeemed'),
    floor: VLOAD_FLOOR,
    pin: s.context.pin,
    onPin: (value: string) => send({ type: 'pin.change', value }),
    error: s.context.error,
    shakes: s.context.shakes,
    redeemed: s.context.redeemed,
    /** what the voucher credited, written for the trader (core/format) */
    redeemedText: s.context.redeemed ? formatAmount(s.context.redeemed.amount, s.context.redeemed.currency, lang) : '',
    submitLabel: isRedeeming ? msg('vload.submitting') : msg('vload.submit'),
    onSubmit: () => send({ type: 'voucher.submit' }),
    /** load another voucher */
    onAgain: () => send({ type: 'voucher.again' }),
  };
}

export type VoucherApi = ReturnType<typeof connectVoucher>;
