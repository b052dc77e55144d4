import { ComplaintList, ComplaintResponse, type NewComplaintRequest } from '../../core/contract/complaints';
import { call } from './http';

/** Complaints (core/contract/complaints.ts): imported only by the complaints chunk. */
export const listComplaints = (): Promise<ComplaintList> => call(ComplaintList, '/api/complaints');
export const makeComplaint = (body: NewComplaintRequest): Promise<ComplaintResponse> => call(ComplaintResponse, '/api/complaints', { method: 'POST', json: body });
