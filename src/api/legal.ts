import { LegalStatus, type LegalAcceptRequest } from '../../core/contract/legal';
import { call } from './http';

/** The legal documents accepted (core/contract/legal.ts): imported only by the terms dialog's and the Documents page's chunks. */
export const getLegalStatus = (): Promise<LegalStatus> => call(LegalStatus, '/api/legal/status');
export const acceptLegal = (body: LegalAcceptRequest): Promise<LegalStatus> => call(LegalStatus, '/api/legal/accept', { method: 'POST', json: body });
