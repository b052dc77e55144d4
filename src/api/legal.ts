import type { LegalAcceptRequest, LegalStatus } from '../../core/contract/legal';
import { call } from './http';
import { contractOf } from './contracts';

const legalContract = () => import('../../core/contract/legal');

/** The legal documents accepted (core/contract/legal.ts): imported only by the terms dialog's and the Documents page's chunks. */
export const getLegalStatus = (): Promise<LegalStatus> => call(contractOf(legalContract, 'LegalStatus'), '/api/legal/status');
export const acceptLegal = (body: LegalAcceptRequest): Promise<LegalStatus> => call(contractOf(legalContract, 'LegalStatus'), '/api/legal/accept', { method: 'POST', json: body });
