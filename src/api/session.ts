import type { AutologinValues, LoginRequest, LoginResponse } from '../../core/contract/login';
import type { Settings } from '../../core/contract/settings';
import type { MeResponse } from '../../core/contract/user';
import { firstContract } from './contracts';
import { setCsrfToken } from './csrf';
import { call, http } from './http';

export async function getMe(): Promise<MeResponse> {
  const me = await call(firstContract('MeResponse'), '/api/me', { cache: 'no-store' });
  setCsrfToken(me.csrf);
  return me;
}

export const getSettings = (): Promise<Settings> => call(firstContract('Settings'), '/api/settings');

export const login = (body: LoginRequest): Promise<LoginResponse> => call(firstContract('LoginResponse'), '/api/login', { method: 'POST', json: body });

export const notifyLoginFail = (email: string): Promise<unknown> =>
  call(firstContract('Ok'), '/api/notify/login_fail', { method: 'POST', json: { email } });

export const loadAutologin = (key: string): Promise<AutologinValues> =>
  call(firstContract('AutologinValues'), '/api/autologin', { method: 'POST', json: { key } });

/** POST /api/logout (with the CSRF header) ends the server session; the page then navigates to the login page itself. */
export async function logout(): Promise<void> {
  await http.post('/api/logout', { throwHttpErrors: false });
}
