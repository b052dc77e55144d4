import { CreateAccountRequest, SetAccountRequest, CreateAccountResponse, SetAccountResponse } from '../../core/contract';
import { addAccount, setCurrentAccount, useExchangeAccount } from '../domain/accounts';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** Accounts (spec 000 §7, 001 §4, §7): switch the current account, the exchange account, open one in another currency. */
export const accountRoutes: RoutePlugin<RouteDeps> = async (app, { db, config, push }) => {
  app.post('/api/us/set_account', { schema: api(TAGS.account, 'Switch the trading account', { body: SetAccountRequest, response: SetAccountResponse }) }, async (request): Promise<SetAccountResponse> => {
    const { account } = request.body;
    const userId = requireUser(request);
    const id = await setCurrentAccount(db, userId, Number(account));
    push.publish(userId, { type: 'user.updated' });
    return { ok: true, current_accountId: String(id) };
  });

  // the spec sends an empty body
  app.post('/api/us/set_account_exchange', { schema: api(TAGS.account, 'Switch to the exchange account', { response: SetAccountResponse }) }, async (request): Promise<SetAccountResponse> => {
    const userId = requireUser(request);
    const id = await useExchangeAccount(db, userId);
    push.publish(userId, { type: 'user.updated' });
    return { ok: true, current_accountId: String(id) };
  });

  app.post('/api/us/create_account', { schema: api(TAGS.account, 'Open an account in another currency', { body: CreateAccountRequest, response: CreateAccountResponse }) }, async (request): Promise<CreateAccountResponse> => {
    const { currency } = request.body;
    const userId = requireUser(request);
    const id = await addAccount(db, userId, currency, config.siteHost);
    push.publish(userId, { type: 'user.updated' });
    return { ok: true, accountId: String(id), message: 'Account successfully added' };
  });
};
