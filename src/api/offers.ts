import * as z from 'zod/mini';
import { AcceptResponse, IgnoreResponse, OffersResponse } from '../../core/contract/offers';
import { call } from './http';

/** Timed offers (001 §7). Imported only by the offers chunk, loaded after the trading page settles. */
export const loadOffers = (): Promise<OffersResponse> => call(OffersResponse, '/api/us/offers');
export const acceptOffer = (id: string): Promise<AcceptResponse> => call(AcceptResponse, '/api/triggers/limited_yes', { method: 'POST', json: { id } });
export const ignoreOffer = (id: string): Promise<IgnoreResponse> => call(IgnoreResponse, '/api/triggers/limited_ignore', { method: 'POST', json: { id } });
const Ok = z.object({ ok: z.literal(true) });
export const sendLastHost = (host: string) => call(Ok, '/api/triggers/last_host', { method: 'POST', json: { host } });
