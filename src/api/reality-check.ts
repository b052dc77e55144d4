import type { RealityCheck, SetRealityCheckRequest } from '../../core/contract/reality-check';
import { call } from './http';
import { contractOf } from './contracts';

const realityCheckContract = () => import('../../core/contract/reality-check');

/** The reality check (core/contract/reality-check.ts): imported only by the reality check's and the limits page's chunks. */
export const getRealityCheck = (): Promise<RealityCheck> => call(contractOf(realityCheckContract, 'RealityCheck'), '/api/reality-check');
export const setRealityCheck = (body: SetRealityCheckRequest): Promise<RealityCheck> => call(contractOf(realityCheckContract, 'RealityCheck'), '/api/reality-check', { method: 'POST', json: body });
