import { call } from './http';
import { contractOf } from './contracts';

const referralContract = () => import('../../core/contract/referral');

/**
 * The referral and affiliate program (001 §7 POST /api/us/refferal with an action).
 * Imported only by the referral chunk; the CSRF header comes from the ky instance.
 */
const url = (lang: string) => `/api/us/refferal?lang=${encodeURIComponent(lang)}`;
export const showReferral = (lang: string) => call(contractOf(referralContract, 'ReferralProgram'), url(lang), { method: 'POST', json: { action: 'show' } });
export const saveReferralLink = (lang: string, body: { link_name: string; landing: string }) => call(contractOf(referralContract, 'ReferralProgram'), url(lang), { method: 'POST', json: { action: 'save', ...body } });
export const filterReferral = (body: { from: number; to: number; link: string }) =>
  call(contractOf(referralContract, 'ReferralStats'), '/api/us/refferal', { method: 'POST', json: { action: 'filter', DateFrom: body.from, DateTo: body.to, ...(body.link && { link: body.link }) } });
export const transferReferral = (body: { amount: string; key: string }) => call(contractOf(referralContract, 'ReferralTransferred'), '/api/us/refferal', { method: 'POST', json: { action: 'transfer', ...body } });
