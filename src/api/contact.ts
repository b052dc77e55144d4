import { HTTPError } from 'ky';
import type { CallRequest, CallResponse, ContactRequest, ContactResponse, SupportInfo } from '../../core/contract/support';
import { asApiError, call, http, type CallFailure } from './http';
import { contractOf } from './contracts';

const supportContract = () => import('../../core/contract/support');

/**
 * Call-back and contact (spec 000 §7 POST /api/call; 001 §7 /api/info, /api/contacts). Both posts
 * carry the CSRF header from the ky instance: the session machine reads GET /api/me on every page,
 * signed out too, before a form can be sent.
 */

/** POST /api/call: a call-back ticket in the desk. */
export const requestCall = (body: CallRequest): Promise<CallResponse> => call(contractOf(supportContract, 'CallResponse'), '/api/call', { method: 'POST', json: body });

/** GET /api/info: the company's support email and phone (signed out too). */
export const getSupportInfo = (): Promise<SupportInfo> => call(contractOf(supportContract, 'SupportInfo'), '/api/info');

/** A refused contact message: the CallFailure with the server's per-field keys. */
export type ContactFailure = CallFailure | { kind: 'http'; status: number; error: string; message: string; fields?: Record<string, string> };

/**
 * POST /api/contacts. The answer has return, error and message (001 §7); a refusal comes as a 4xx
 * whose `fields` (field → key) are kept, so each is shown beside its field.
 */
export async function sendContact(body: ContactRequest): Promise<ContactResponse> {
  let answer: unknown;
  try {
    answer = await http.post('/api/contacts', { json: body }).json();
  } catch (error) {
    if (!(error instanceof HTTPError)) throw { kind: 'network' } satisfies ContactFailure;
    const status = error.response.status;
    const refusal = asApiError(await error.response.json().catch(() => null));
    const failure: ContactFailure = refusal
      ? { kind: 'http', status, error: refusal.error, message: refusal.message, ...(refusal.fields && { fields: refusal.fields }) }
      : { kind: 'http', status, error: 'server_error', message: '' };
    throw failure;
  }
  const parsed = (await supportContract()).ContactResponse.safeParse(answer);
  if (!parsed.success) throw { kind: 'http', status: 200, error: 'server_error', message: 'Unexpected answer from the server' } satisfies ContactFailure;
  return parsed.data;
}
