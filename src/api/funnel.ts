import type { FunnelAccepted, FunnelReport } from '../../core/contract/funnel';
import { call } from './http';
import { contractOf } from './contracts';

const funnelContract = () => import('../../core/contract/funnel');

/** POST /api/funnel/steps: the app's machine transitions (issue 34 §4) */
export const sendFunnelSteps = (report: FunnelReport): Promise<FunnelAccepted> => call(contractOf(funnelContract, 'FunnelAccepted'), '/api/funnel/steps', { method: 'POST', json: report });
