import type { AnswersRequest, AppropriatenessStatus } from '../../core/contract/appropriateness';
import { call } from './http';
import { contractOf } from './contracts';

const appropriatenessContract = () => import('../../core/contract/appropriateness');

/** The appropriateness questionnaire (core/contract/appropriateness.ts): imported only by the page's chunk. The questions come without their answers; the server scores. */
export const getAppropriateness = (): Promise<AppropriatenessStatus> => call(contractOf(appropriatenessContract, 'AppropriatenessStatus'), '/api/appropriateness', { cache: 'no-store' });
export const sendAnswers = (body: AnswersRequest): Promise<AppropriatenessStatus> => call(contractOf(appropriatenessContract, 'AppropriatenessStatus'), '/api/appropriateness', { method: 'POST', json: body });
export const acceptRisk = (): Promise<AppropriatenessStatus> => call(contractOf(appropriatenessContract, 'AppropriatenessStatus'), '/api/appropriateness/accept-risk', { method: 'POST', json: { understood: true } });
