import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { FreshUserRequest, SandboxVerificationRequest, SettleWithdrawalRequest, type FreshUserResponse, type OutboxList } from '../../core/contract';
import { houseAccount, transfer } from '../domain/ledger';
import { InvalidAmount, parseMoney } from '../../core/money';
import { HttpError } from '../http/errors';
import { hashPassword } from '../domain/passwords';
import { ensureSecurityRow } from '../domain/security/factors';
import { requireValidation } from '../domain/security/validation';
import { endWithdrawal } from '../domain/withdrawals/withdrawals';
import { parse } from '../http/parse';
import { rememberMadeBy, requireSandboxAccess } from '../http/sandbox-access';
import { readOutbox, sandboxMessenger } from '../sandbox/messages/messenger';
import type { RouteDeps } from './deps';
import { answering } from './refusals';

const OutboxQuery = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(254)),
  format: z.optional(z.enum(['json', 'text'])),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
});

/**
 * Sandbox only (SANDBOX=true; otherwise these addresses do not exist):
 * - POST /api/sandbox/fresh-user: a new user with the balances a test needs;
 * - GET  /api/sandbox/outbox?email=…: the emails and SMS the sandbox "sent" (codes included);
 * - POST /api/sandbox/withdrawals/settle: the sandbox payout processor pays or rejects a withdrawal;
 * - POST /api/sandbox/verification: the sandbox identity check verifies (or un-verifies) a trader.
 * Settling and verifying act on one trader's object: only for its owner (signed in), the session
 * that made the user with fresh-user, or the sandbox operator (x-sandbox-operator): 403
 * sandbox.not_yours otherwise (server/http/sandbox-access.ts).
 */
export const sandboxSecurityRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config, platform, push, mirror }) => {
  if (!config.sandbox) return;
  const messenger = sandboxMessenger(db);

  app.post('/api/sandbox/fresh-user', async (request): Promise<FreshUserResponse> => {
    const body = parse(FreshUserRequest, request.body ?? {});
    const email = `trader-${randomBytes(6).toString('hex')}@sandbox.example.com`;
    const password = `Sandbox-${randomBytes(4).toString('hex')}1`;
    const currency = body.currency ?? 'USD';
    const balances = body.balances ?? [{ currency, type: 'trading' as const, amount: '1000.00' }];
    // amounts are checked before anything is written
    const money = (amount: string, of: string): bigint => {
      try {
        return parseMoney(amount, of);
      } catch (error) {
        if (error instanceof InvalidAmount) throw new HttpError(400, error.key, error.message);
        throw error;
      }
    };
    const funded = balances.map((b) => ({ ...b, minor: money(b.amount, b.currency) }));
    const turnoverCurrency = funded[0]?.currency ?? currency;
    const turnover = body.turnover && { current: money(body.turnover.current, turnoverCurrency), need: money(body.turnover.need, turnoverCurrency) };
    // the platform account first: the outbox may deliver the opening deposits as soon as they commit
    await platform.createAccount({ login: email, password, currency });
    const userId = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: await hashPassword(password),
          first_name: 'Sandbox',
          last_name: 'Trader',
          country: 'DE',
          currency,
          verification: body.verification ?? 'Full',
          wd_methods: body.wd_methods ?? '',
          two_factor: body.two_factor ?? '',
          cascade: body.cascade ?? '',
          current_account_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let first: number | null = null;
      let mirrored = false;
      for (const [i, b] of funded.entries()) {
        // the first trading account in the platform account's currency is mirrored to it
        const onPlatform: boolean = !mirrored && b.type === 'trading' && b.currency === currency;
        mirrored ||= onPlatform;
        const account = await trx
          .insertInto('accounts')
          .values({ user_id: user.id, currency: b.currency, type: b.type, account_group: b.type === 'exchange' ? 'exchange' : 'standard', platform_login: onPlatform ? email : null })
          .returning('id')
          .executeTakeFirstOrThrow();
        first ??= account.id;
        if (b.minor > 0n) {
          await transfer(trx, {
            kind: 'deposit',
            idempotencyKey: `sandbox:fresh:${user.id}:${i}`,
            debitAccountId: await houseAccount(trx, b.currency),
            creditAccountId: account.id,
            amountMinor: b.minor,
            currency: b.currency,
            meta: { source: 'sandbox fresh user' },
          });
        }
      }
      if (first !== null) {
        await trx.updateTable('users').set({ current_account_id: first }).where('id', '=', user.id).execute();
        if (turnover) await trx.insertInto('account_turnover').values({ account_id: first, current_minor: turnover.current, need_minor: turnover.need }).execute();
      }
      await ensureSecurityRow(trx, user.id);
      return user.id;
    });
    // the tester who made this user may act on it before signing in as it
    rememberMadeBy(request, userId);
    // the opening deposits reach the platform before the tester gets the login
    await mirror.flush();
    if (body.validationValue) {
      await requireValidation(db, userId, body.validationValue);
      await messenger.send({
        userId,
        channel: 'email',
        address: email,
        subject: 'Validate your transaction',
        body: `Sandbox bank statement: a charge of 1.00 ${currency} reads "VALIDATE ${body.validationValue}". Enter ${body.validationValue} on the validation page.`,
      });
    }
    return { email, password, userId: String(userId) };
  });

  app.get('/api/sandbox/outbox', async (request, reply) => {
    const query = parse(OutboxQuery, request.query, 'query');
    const messages = await readOutbox(db, query.email, query.limit ? Number(query.limit) : 20);
    if (query.format === 'text') {
      const lines = messages.map((m) => `#${m.id}  ${m.createdAt}  ${m.channel.toUpperCase()} to ${m.address}\n${m.subject}\n${m.body}\n`);
      return reply
        .type('text/plain; charset=utf-8')
        .send(`Sandbox outbox for ${query.email} (newest first). Nothing here was really sent.\n\n${lines.join('\n') || 'No messages yet.\n'}`);
    }
    const answer: OutboxList = { messages };
    return answer;
  });

  app.post('/api/sandbox/withdrawals/settle', async (request) => {
    const body = parse(SettleWithdrawalRequest, request.body);
    const owner = await db.selectFrom('withdrawals').select('user_id').where('id', '=', body.id).executeTakeFirst();
    requireSandboxAccess(request, config, owner?.user_id, 'withdrawals');
    const row = await answering(() => endWithdrawal(db, body.id, body.outcome));
    push.publish(row.user_id, { type: 'withdrawal.updated', id: row.id, status: row.status });
    if (row.status === 'rejected') push.publish(row.user_id, { type: 'user.updated' });
    return { ok: true as const, status: row.status };
  });

  app.post('/api/sandbox/verification', async (request) => {
    const body = parse(SandboxVerificationRequest, request.body);
    const email = body.email.trim().toLowerCase();
    const owner = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    requireSandboxAccess(request, config, owner?.id, 'account');
    const row = await db.updateTable('users').set({ verification: body.verification }).where('email', '=', email).returning('id').executeTakeFirst();
    if (!row) throw new HttpError(404, 'user.not_found', 'No trader with this email.');
    push.publish(row.id, { type: 'user.updated' });
    return { ok: true as const, verification: body.verification };
  });
};
