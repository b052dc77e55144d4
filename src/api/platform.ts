import type { PlatformLoginResponse } from '../../core/contract/login';
import { firstContract } from './contracts';
import { call, http } from './http';

/**
 * The trading platform is a third party reached at the base address from settings
 * (spec 000 §7). Its calls send credentials and the X-Requested-With header it asks for.
 */
const headers = { 'X-Requested-With': 'XMLHttpRequest' };

export function platformLogin(base: string, login: string, password: string): Promise<PlatformLoginResponse> {
  return call(firstContract('PlatformLoginResponse'), `${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ login, password }),
    headers,
    credentials: 'include',
  });
}

export async function platformLogout(base: string): Promise<void> {
  await http.post(`${base}/logout`, { headers, credentials: 'include', throwHttpErrors: false });
}
