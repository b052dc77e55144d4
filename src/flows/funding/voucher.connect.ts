import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { formatAmount } from '../shared/money';
import { withReadableUntil } from '../shared/dates';
import { buttonProps, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';
import { VLOAD_FLOOR, type voucherMachine } from '../../../machines/voucher/voucher.machine';
import type { VoucherEvent } from '../../../machines/voucher/voucher.types';

export type VoucherSnapshot = SnapshotFrom<typeof voucherMachine>;

/** connect() for the Vload tab. */
export function connectVoucher(s: VoucherSnapshot, send: (event: VoucherEvent) => void, lang = 'en') {
  const isRedeeming = s.matches('redeeming');
  const isDemo = s.matches('demoBlocked');
  const isRedeemed = s.matches('redeemed');
  const onPin = (value: string) => send({ type: 'pin.change', value });
  const titleId = isDemo ? 'vload-demo-title' : 'vload-title';
  return {
    /** the tab's section, named by its heading (the form's, or the demo notice's) */
    getRegionProps: () => regionProps(titleId),
    getTitleProps: () => titleProps(titleId),
    /** a demo account cannot load a voucher: said at once */
    getDemoProps: () => ({ role: 'alert' as const }),
    getFormProps: () => formProps({ busy: isRedeeming, onSubmit: () => send({ type: 'voucher.submit' }) }),
    getFieldProps: (_field: 'pin') => fieldProps({ id: 'vload-pin', name: 'pin', value: s.context.pin, invalid: s.context.error !== null, disabled: isRedeeming, onValue: onPin }),
    getErrorProps: () => fieldErrorProps('vload-pin'),
    getSubmitProps: () => submitProps({ busy: isRedeeming }),
    /** what the voucher credited: the focus goes there once redeemed */
    getRedeemedProps: () => statusProps({ focusOn: isRedeemed ? 'redeemed' : null }),
    getAgainProps: () => buttonProps(() => send({ type: 'voucher.again' })),
    isDemo,
    isForm: s.matches('editing') || isRedeeming,
    isBusy: isRedeeming,
    isRedeemed,
    floor: VLOAD_FLOOR,
    pin: s.context.pin,
    onPin,
    /** a refusal; a break's end (deposit.excluded) written for the trader */
    error: withReadableUntil(s.context.error),
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
