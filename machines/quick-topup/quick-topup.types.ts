import type { ListedCard, QuickTopUpResponse } from '../../core/contract/deposits-offline';
import type { Msg } from '../../core/message';

export interface QuickTopUpInput {
  /** a demo account: card deposits are blocked (spec 001 §6) */
  demo: boolean;
  currency: string;
  minDeposit: string;
  /** seeds the charge's idempotency key (`${seed}-${n}`): a double click charges once */
  keySeed: string;
}

export interface QuickTopUpContext {
  demo: boolean;
  currency: string;
  minDeposit: string;
  keySeed: string;
  /** the charges that ended (approved or declined): the next key */
  charges: number;
  cards: ListedCard[];
  card: string;
  amount: string;
  /** the amount the trader confirmed (exactly what is charged) */
  confirmed: string;
  result: QuickTopUpResponse | null;
  error: Msg | null;
  shakes: number;
}

export interface ChargeInput {
  card: string;
  amount: string;
  confirm: string;
  key: string;
}

export type QuickTopUpEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'card.select'; token: string }
  | { type: 'quick.submit' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'quick.again' };
