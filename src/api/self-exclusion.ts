import { ExcludeResponse, type ExcludeRequest } from '../../core/contract/self-exclusion';
import { call } from './http';

/** Taking a break or excluding oneself (core/contract/self-exclusion.ts): imported only by the page's chunk. In force at once; the answer ends this session too. */
export const exclude = (body: ExcludeRequest): Promise<ExcludeResponse> => call(ExcludeResponse, '/api/self-exclusion', { method: 'POST', json: body });
