import { Ok } from '../../core/contract/common';
import type { ErrorReport } from '../../core/contract/settings';
import { call } from './http';

export const reportError = (report: ErrorReport): Promise<unknown> => call(Ok, '/api/us/handler', { method: 'POST', json: report });
