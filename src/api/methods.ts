import type { FastMethodRequest, MethodDepositView, MethodStartResponse, NetellerRequest, ReportMethodRequest } from '../../core/contract/methods';
import { FAST_METHODS, REPORT_METHODS, type MethodId } from '../../core/methods';
import { call } from './http';
import { contractOf } from './contracts';

const methodsContract = () => import('../../core/contract/methods');

/** The wallet methods (docs/api.md, "Wallet methods"). */
export const startNeteller = (body: NetellerRequest): Promise<MethodStartResponse> => call(contractOf(methodsContract, 'MethodStartResponse'), '/api/neteller', { method: 'POST', json: body });

export const startFast = (method: (typeof FAST_METHODS)[number], body: FastMethodRequest): Promise<MethodStartResponse> =>
  call(contractOf(methodsContract, 'MethodStartResponse'), `/api/card/fast/${method}`, { method: 'POST', json: body });

export const startReport = (method: (typeof REPORT_METHODS)[number], body: ReportMethodRequest): Promise<MethodStartResponse> =>
  call(contractOf(methodsContract, 'MethodStartResponse'), `/api/report/${method}`, { method: 'POST', json: body });

export const isFastMethod = (method: MethodId): method is (typeof FAST_METHODS)[number] => (FAST_METHODS as readonly string[]).includes(method);
export const isReportMethod = (method: MethodId): method is (typeof REPORT_METHODS)[number] => (REPORT_METHODS as readonly string[]).includes(method);

export const getMethodDeposit = (id: string): Promise<MethodDepositView> =>
  call(contractOf(methodsContract, 'MethodDepositView'), `/api/methods/deposits/${encodeURIComponent(id)}`, { cache: 'no-store' });
