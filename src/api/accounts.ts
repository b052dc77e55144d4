import { CreateAccountResponse, SetAccountResponse } from '../../core/contract';
import { call } from './http';

export const setAccount = (account: string): Promise<SetAccountResponse> => call(SetAccountResponse, '/api/us/set_account', { method: 'POST', json: { account } });

export const setExchangeAccount = (): Promise<SetAccountResponse> => call(SetAccountResponse, '/api/us/set_account_exchange', { method: 'POST' });

export const createAccount = (currency: string): Promise<CreateAccountResponse> =>
  call(CreateAccountResponse, '/api/us/create_account', { method: 'POST', json: { currency } });
