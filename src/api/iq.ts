import type { IqState } from '../../core/contract/iq';
import type { Ladder } from '../../core/contract/ladder';
import { call } from './http';
import { contractOf } from './contracts';

const iqContract = () => import('../../core/contract/iq');
const ladderContract = () => import('../../core/contract/ladder');

/** IQ mining and the ladder (spec 001 §7). Imported only by their dialogs' chunks. */
export const startIq = (): Promise<IqState> => call(contractOf(iqContract, 'IqState'), '/api/iq/start', { method: 'POST', json: {} });
export const answerIq = (n: number, answer: string): Promise<IqState> => call(contractOf(iqContract, 'IqState'), '/api/iq/next', { method: 'POST', json: { n, answer } });
export const getLadder = (): Promise<Ladder> => call(contractOf(ladderContract, 'Ladder'), '/api/us/ladder');
