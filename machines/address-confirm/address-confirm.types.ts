import type { ConfirmedDestination } from '../../core/contract/address-book';
import type { Msg } from '../../core/message';

export interface AddressConfirmContext {
  /** the emailed link's token */
  token: string;
  /** the last try failed: why */
  error: Msg | null;
  /** the confirmed destination and from when it can be used */
  confirmed: ConfirmedDestination | null;
}

export type AddressConfirmEvent = { type: 'confirm' };

export type { ConfirmedDestination };
