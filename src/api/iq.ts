import { IqState } from '../../core/contract/iq';
import { Ladder } from '../../core/contract/ladder';
import { call } from './http';

/** IQ mining and the ladder (spec 001 §7). Imported only by their dialogs' chunks. */
export const startIq = (): Promise<IqState> => call(IqState, '/api/iq/start', { method: 'POST', json: {} });
export const answerIq = (n: number, answer: string): Promise<IqState> => call(IqState, '/api/iq/next', { method: 'POST', json: { n, answer } });
export const getLadder = (): Promise<Ladder> => call(Ladder, '/api/us/ladder');
