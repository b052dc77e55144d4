import type { Msg } from '../../core/message';

export interface VoucherInput {
  /** a demo account: vload deposits are blocked (spec 001 §6) */
  demo: boolean;
}

/** what a redeemed voucher brought */
export interface Redeemed {
  amount: string;
  currency: string;
  voucher: string;
}

export interface VoucherContext {
  demo: boolean;
  /** the pin as typed (kept as typed) */
  pin: string;
  redeemed: Redeemed | null;
  error: Msg | null;
  shakes: number;
}

export type VoucherEvent = { type: 'pin.change'; value: string } | { type: 'voucher.submit' } | { type: 'voucher.again' };
