import type { NotMeResponse, SignInPage } from '../../core/contract/sign-in-history';
import { call } from './http';
import { contractOf } from './contracts';

const signInHistoryContract = () => import('../../core/contract/sign-in-history');

/** GET /api/security/sign_ins: a page of the trader's sign-ins, newest first (issue 31 §1) */
export const loadSignIns = (before: string | null): Promise<SignInPage> =>
  call(contractOf(signInHistoryContract, 'SignInPage'), `/api/security/sign_ins${before ? `?before=${encodeURIComponent(before)}` : ''}`, { cache: 'no-store' });

/** the download of the last 90 days as CSV (a plain link: the browser saves the file) */
export const SIGN_INS_CSV = '/api/security/sign_ins.csv';

/** POST /api/security/not_me: a new-device sign-in of the history was not the trader */
export const notMeByEvent = (event: string): Promise<NotMeResponse> => call(contractOf(signInHistoryContract, 'NotMeResponse'), '/api/security/not_me', { method: 'POST', json: { event } });

/** POST /api/security/not_me_link: the same from the email's link */
export const notMeByLink = (token: string): Promise<NotMeResponse> => call(contractOf(signInHistoryContract, 'NotMeResponse'), '/api/security/not_me_link', { method: 'POST', json: { token } });
