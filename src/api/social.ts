import { HTTPError } from 'ky';
import type { SocialPending, SocialRegisterRequest, SocialRegisterResponse } from '../../core/contract/social';
import { asApiError, call, http } from './http';
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
    const refusal = asApiError(await error.response.json().catch(() => null));
    const status = error.response.status;
    throw (refusal
      ? { kind: 'http', status, error: refusal.error, message: refusal.message, ...(refusal.fields && { fields: refusal.fields }) }
      : { kind: 'http', status, error: 'server_error', message: '' }) satisfies RegisterCallFailure;
  }
  const parsed = (await socialContract()).SocialRegisterResponse.safeParse(answer);
  if (!parsed.success) throw { kind: 'http', status: 200, error: 'server_error', message: 'Unexpected answer from the server' } satisfies RegisterCallFailure;
  return parsed.data;
}
