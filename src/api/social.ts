import { HTTPError } from 'ky';
import { ApiError } from '../../core/contract/common';
import { SocialRegisterResponse } from '../../core/contract/social';
import type { SocialPending, SocialRegisterRequest } from '../../core/contract/social';
import { call, http } from './http';
import type { RegisterCallFailure } from './register';
import { contractOf } from './contracts';

const socialContract = () => import('../../core/contract/social');

/** GET /api/oidc/pending: the verified identity waiting for the remaining questions (410 when none). */
export const loadSocialPending = (): Promise<SocialPending> => call(contractOf(socialContract, 'SocialPending'), '/api/oidc/pending');

/** POST /api/oidc/register: the remaining questions; a refusal keeps the server's per-field keys. */
export async function socialRegister(body: SocialRegisterRequest): Promise<SocialRegisterResponse> {
  let answer: unknown;
  try {
    answer = await http.post('/api/oidc/register', { json: body }).json();
  } catch (error) {
    if (!(error instanceof HTTPError)) throw { kind: 'network' } satisfies RegisterCallFailure;
    const parsed = ApiError.safeParse(await error.response.json().catch(() => null));
    const status = error.response.status;
    throw (parsed.success
      ? { kind: 'http', status, error: parsed.data.error, message: parsed.data.message, ...(parsed.data.fields && { fields: parsed.data.fields }) }
      : { kind: 'http', status, error: 'server_error', message: '' }) satisfies RegisterCallFailure;
  }
  const parsed = SocialRegisterResponse.safeParse(answer);
  if (!parsed.success) throw { kind: 'http', status: 200, error: 'server_error', message: 'Unexpected answer from the server' } satisfies RegisterCallFailure;
  return parsed.data;
}
