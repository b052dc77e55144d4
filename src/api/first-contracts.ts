/**
 * The contracts of the calls the first page of every visit makes (the session, settings, sign-in,
 * the two-factor step, error reports, the public site's tabs and prices), in a chunk of their own with zod: src/api/contracts.ts loads
 * it beside the first call instead of before the first paint.
 */
import * as z from 'zod/mini';

export { Ok } from '../../core/contract/common';
export { CryptoRates } from '../../core/contract/crypto';
export { AutologinValues, LoginResponse, PlatformLoginResponse } from '../../core/contract/login';
export { PublicRunline, PublicSiteInfo, TabContent } from '../../core/contract/public-site';
export { FactorsCheckResponse, TwoFactorsResponse } from '../../core/contract/security';
export { Settings } from '../../core/contract/settings';
export { MeResponse } from '../../core/contract/user';

/** an answer read as it comes (a call whose answer nothing uses) */
export const AnyAnswer = z.unknown();
