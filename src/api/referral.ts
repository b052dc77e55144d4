import { ReferralProgram, ReferralStats, ReferralTransferred } from '../../core/contract/referral';
import { call } from './http';

/**
 * The referral and affiliate program (001 §7 POST /api/us/refferal with an action).
 * Imported only by the referral chunk; the CSRF header comes from the ky instance.
 */
const url = (lang: string) => `/api/us/refferal?lang=${encodeURIComponent(lang)}`;
export const showReferral = (lang: string) => call(ReferralProgram, url(lang), { method: 'POST', json: { action: 'show' } });
export const saveReferralLink = (lang: string, body: { link_name: string; landing: string }) => call(ReferralProgram, url(lang), { method: 'POST', json: { action: 'save', ...body } });
export const filterReferral = (body: { from: number; to: number; link: string }) =>
  call(ReferralStats, '/api/us/refferal', { method: 'POST', json: { action: 'filter', DateFrom: body.from, DateTo: body.to, ...(body.link && { link: body.link }) } });
export const transferReferral = (body: { amount: string; key: string }) => call(ReferralTransferred, '/api/us/refferal', { method: 'POST', json: { action: 'transfer', ...body } });
