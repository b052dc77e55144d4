import type { ExcludeRequest, ExcludeResponse } from '../../core/contract/self-exclusion';
import { call } from './http';
import { contractOf } from './contracts';

const selfExclusionContract = () => import('../../core/contract/self-exclusion');

/** Taking a break or excluding oneself (core/contract/self-exclusion.ts): imported only by the page's chunk. In force at once; the answer ends this session too. */
export const exclude = (body: ExcludeRequest): Promise<ExcludeResponse> => call(contractOf(selfExclusionContract, 'ExcludeResponse'), '/api/self-exclusion', { method: 'POST', json: body });
