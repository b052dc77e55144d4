import type { AcceptResponse, IgnoreResponse, OffersResponse } from '../../core/contract/offers';
import { call } from './http';
import { contractOf, firstContract } from './contracts';

const offersContract = () => import('../../core/contract/offers');

/** Timed offers (001 §7). Imported only by the offers chunk, loaded after the trading page settles. */
export const loadOffers = (): Promise<OffersResponse> => call(contractOf(offersContract, 'OffersResponse'), '/api/us/offers');
export const acceptOffer = (id: string): Promise<AcceptResponse> => call(contractOf(offersContract, 'AcceptResponse'), '/api/triggers/limited_yes', { method: 'POST', json: { id } });
export const ignoreOffer = (id: string): Promise<IgnoreResponse> => call(contractOf(offersContract, 'IgnoreResponse'), '/api/triggers/limited_ignore', { method: 'POST', json: { id } });
export const sendLastHost = (host: string) => call(firstContract('Ok'), '/api/triggers/last_host', { method: 'POST', json: { host } });
