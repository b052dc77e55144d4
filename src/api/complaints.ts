import type { ComplaintList, ComplaintResponse, NewComplaintRequest } from '../../core/contract/complaints';
import { call } from './http';
import { contractOf } from './contracts';

const complaintsContract = () => import('../../core/contract/complaints');

/** Complaints (core/contract/complaints.ts): imported only by the complaints chunk. */
export const listComplaints = (): Promise<ComplaintList> => call(contractOf(complaintsContract, 'ComplaintList'), '/api/complaints');
export const makeComplaint = (body: NewComplaintRequest): Promise<ComplaintResponse> => call(contractOf(complaintsContract, 'ComplaintResponse'), '/api/complaints', { method: 'POST', json: body });
