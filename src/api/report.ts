import { Ok, type ErrorReport } from './contract';
import { call } from './http';

export const reportError = (report: ErrorReport): Promise<unknown> => call(Ok, '/api/us/handler', { method: 'POST', json: report });
