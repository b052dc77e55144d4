import { call } from './http';
import { contractOf } from './contracts';

const contestsContract = () => import('../../core/contract/contests');

/** Contests (spec 002 §7 /api/tourney/*). Imported only by the contest chunk and the weekend modal's trigger chunk. */
export const currentContests = async () => (await call(contractOf(contestsContract, 'ContestList'), '/api/tourney/current')).contests;
export const lastContests = async () => (await call(contractOf(contestsContract, 'ContestList'), '/api/tourney/last')).contests;
