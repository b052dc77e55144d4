import type { FastifyPluginAsync } from 'fastify';
import { CreateAccountRequest, SetAccountRequest, type CreateAccountResponse, type SetAccountResponse } from '../../core/contract';
import { addAccount, setCurrentAccount, useExchangeAccount } from '../domain/accounts';
import { parse } from '../http/parse';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/** Accounts (spec 000 §7, 001 §4, §7): switch the current account, the exchange account, open one in another currency. */
export const accountRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config, push }) => {
  app.post('/api/us/set_account', async (request): Promise<SetAccountResponse> => {
    const { account } = parse(SetAccountRequest, request.body);
    const userId = requireUser(request);
    const id = await setCurrentAccount(db, userId, Number(account));
    push.publish(userId, { type: 'user.updated' });
    return { ok: true, current_accountId: String(id) };
  });

  // the spec sends an empty body
  app.post('/api/us/set_account_exchange', async (request): Promise<SetAccountResponse> => {
    const userId = requireUser(request);
    const id = await useExchangeAccount(db, userId);
    push.publish(userId, { type: 'user.updated' });
    return { ok: true, current_accountId: String(id) };
  });

  app.post('/api/us/create_account', async (request): Promise<CreateAccountResponse> => {
    const { currency } = parse(CreateAccountRequest, request.body);
    const userId = requireUser(request);
    const id = await addAccount(db, userId, currency, config.siteHost);
    push.publish(userId, { type: 'user.updated' });
    return { ok: true, accountId: String(id), message: 'Account successfully added' };
  });
};
