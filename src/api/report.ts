import { firstContract } from './contracts';
import type { ErrorReport } from '../../core/contract/settings';
import { call } from './http';

export const reportError = (report: ErrorReport): Promise<unknown> => call(firstContract('Ok'), '/api/us/handler', { method: 'POST', json: report });
