import { AppropriatenessStatus, type AnswersRequest } from '../../core/contract/appropriateness';
import { call } from './http';

/** The appropriateness questionnaire (core/contract/appropriateness.ts): imported only by the page's chunk. The questions come without their answers; the server scores. */
export const getAppropriateness = (): Promise<AppropriatenessStatus> => call(AppropriatenessStatus, '/api/appropriateness', { cache: 'no-store' });
export const sendAnswers = (body: AnswersRequest): Promise<AppropriatenessStatus> => call(AppropriatenessStatus, '/api/appropriateness', { method: 'POST', json: body });
export const acceptRisk = (): Promise<AppropriatenessStatus> => call(AppropriatenessStatus, '/api/appropriateness/accept-risk', { method: 'POST', json: { understood: true } });
