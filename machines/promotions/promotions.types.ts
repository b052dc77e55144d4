import type { ActivateResponse, Promotion } from '../../core/contract/promotions';
import type { Msg } from '../../core/message';

export interface PromotionsContext {
  promotions: Promotion[];
  /** the current account's currency (eligibility is said in it) */
  currency: string;
  /** the promotion whose terms are shown, being or just activated */
  chosen: string | null;
  /** the list could not be read, the activation was refused (the server's message) or failed */
  error: Msg | null;
  /** the last activation this page made (the list says so after it reloads) */
  activated: ActivateResponse | null;
}

export type PromotionsEvent =
  | { type: 'retry' }
  /** show a promotion's terms before it can be activated */
  | { type: 'promotion.open'; id: string }
  /** activate the promotion whose terms are shown */
  | { type: 'confirm' }
  /** close the terms (or a failed activation) without activating */
  | { type: 'cancel' }
  /** close a refusal: the list is read again */
  | { type: 'dismiss' };
