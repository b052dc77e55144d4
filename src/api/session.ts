import { Ok } from '../../core/contract/common';
import { LoginResponse, type LoginRequest } from '../../core/contract/login';
import { Settings } from '../../core/contract/settings';
import { MeResponse } from '../../core/contract/user';
import { AutologinValues } from '../../core/contract/login';
import { setCsrfToken } from './csrf';
import { call, http } from './http';

export async function getMe(): Promise<MeResponse> {
  const me = await call(MeResponse, '/api/me', { cache: 'no-store' });
  setCsrfToken(me.csrf);
  return me;
}

export const getSettings = (): Promise<Settings> => call(Settings, '/api/settings');

export const login = (body: LoginRequest): Promise<LoginResponse> => call(LoginResponse, '/api/login', { method: 'POST', json: body });

export const notifyLoginFail = (email: string): Promise<unknown> =>
  call(Ok, '/api/notify/login_fail', { method: 'POST', json: { email } });

export const loadAutologin = (key: string): Promise<AutologinValues> =>
  call(AutologinValues, '/api/autologin', { method: 'POST', json: { key } });

/** POST /api/logout (with the CSRF header) ends the server session; the page then navigates to the login page itself. */
export async function logout(): Promise<void> {
  await http.post('/api/logout', { throwHttpErrors: false });
}
