import { ActivateResponse, PromotionList } from '../../core/contract/promotions';
import { call } from './http';

/** Promotions (spec 001 §7): the list and an activation (the CSRF header comes with the ky instance). */
export const getPromotions = (): Promise<PromotionList> => call(PromotionList, '/api/us/promotions');

export const activatePromotion = (id: string): Promise<ActivateResponse> => call(ActivateResponse, '/api/us/promotions_activate', { method: 'POST', json: { id } });
