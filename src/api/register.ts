import { HTTPError } from 'ky';
import type { RegisterCheckRequest, RegisterCheckResponse, RegisterRequest, RegisterResponse } from '../../core/contract/register';
import { asApiError, call, http, type CallFailure } from './http';
import { contractOf } from './contracts';

const registerContract = () => import('../../core/contract/register');

/** A refused registration: the CallFailure with the server's per-field keys (400 validation, 409 email). */
export type RegisterCallFailure = CallFailure | { kind: 'http'; status: number; error: string; message: string; fields?: Record<string, string> };

/**
 * POST /api/register (spec 001 §7). Unlike `call`, a refusal keeps the answer's `fields`
 * (field → key), so each refusal is shown beside its field.
 */
export async function register(body: RegisterRequest): Promise<RegisterResponse> {
  let answer: unknown;
  try {
    answer = await http.post('/api/register', { json: body }).json();
  } catch (error) {
    if (!(error instanceof HTTPError)) throw { kind: 'network' } satisfies RegisterCallFailure;
    const refusal = asApiError(await error.response.json().catch(() => null));
    const status = error.response.status;
    const failure: RegisterCallFailure = refusal
      ? { kind: 'http', status, error: refusal.error, message: refusal.message, ...(refusal.fields && { fields: refusal.fields }) }
      : { kind: 'http', status, error: 'server_error', message: '' };
    throw failure;
  }
  const parsed = (await registerContract()).RegisterResponse.safeParse(answer);
  if (!parsed.success) throw { kind: 'http', status: 200, error: 'server_error', message: 'Unexpected answer from the server' } satisfies RegisterCallFailure;
  return parsed.data;
}

/** POST /api/register/check (spec 000 §5 "server validate"): one field under `em`. */
export const checkRegisterField = (body: RegisterCheckRequest): Promise<RegisterCheckResponse> =>
  call(contractOf(registerContract, 'RegisterCheckResponse'), '/api/register/check', { method: 'POST', json: body });
