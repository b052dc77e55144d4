import type { CreateAccountResponse, SetAccountResponse } from '../../core/contract/accounts';
import { contractOf } from './contracts';
import { call } from './http';

const accountsContract = () => import('../../core/contract/accounts');

export const setAccount = (account: string): Promise<SetAccountResponse> => call(contractOf(accountsContract, 'SetAccountResponse'), '/api/us/set_account', { method: 'POST', json: { account } });

export const setExchangeAccount = (): Promise<SetAccountResponse> => call(contractOf(accountsContract, 'SetAccountResponse'), '/api/us/set_account_exchange', { method: 'POST' });

export const createAccount = (currency: string): Promise<CreateAccountResponse> =>
  call(contractOf(accountsContract, 'CreateAccountResponse'), '/api/us/create_account', { method: 'POST', json: { currency } });
