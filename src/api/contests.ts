import { ContestList } from '../../core/contract/contests';
import { call } from './http';

/** Contests (spec 002 §7 /api/tourney/*). Imported only by the contest chunk and the weekend modal's trigger chunk. */
export const currentContests = async () => (await call(ContestList, '/api/tourney/current')).contests;
export const lastContests = async () => (await call(ContestList, '/api/tourney/last')).contests;
