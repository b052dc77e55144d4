import type { ActivateResponse, PromotionList } from '../../core/contract/promotions';
import { call } from './http';
import { contractOf } from './contracts';

const promotionsContract = () => import('../../core/contract/promotions');

/** Promotions (spec 001 §7): the list and an activation (the CSRF header comes with the ky instance). */
export const getPromotions = (): Promise<PromotionList> => call(contractOf(promotionsContract, 'PromotionList'), '/api/us/promotions');

export const activatePromotion = (id: string): Promise<ActivateResponse> => call(contractOf(promotionsContract, 'ActivateResponse'), '/api/us/promotions_activate', { method: 'POST', json: { id } });
