import * as z from 'zod/mini';
import { FreshUserRequest, SandboxAutologinRequest, SandboxVerificationRequest, SettleWithdrawalRequest, FreshUserResponse, type OutboxList, SandboxAutologinResponse } from '../../../core/contract';
import { SandboxOfferRequest, type SandboxOfferResponse } from '../../../core/contract/offers';
import { createAutologinKey } from '../../domain/autologin';
import { sandboxOfferNow } from '../../domain/offers/offers';
import { requireValidation } from '../../domain/security/validation';
import { findUserByEmail, setVerification, userIdOfEmail } from '../../domain/users';
import { endWithdrawal, withdrawalOwner } from '../../domain/withdrawals/withdrawals';
import { parse } from '../../http/parse';
import { rememberMadeBy, requireSandboxAccess } from '../access';
import { readOutbox } from '../messages/messenger';
import { createFreshUser } from '../seed/fresh-user';
import type { SandboxDeps } from '../deps';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

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
 * - POST /api/sandbox/verification: the sandbox identity check verifies (or un-verifies) a trader;
 * - POST /api/sandbox/autologin {email}: a sign-in key (spec 000 §2) for a trader;
 * - POST /api/sandbox/offers/now {email, kind}: a timed offer (001 §7) for a trader now.
 * Each acts on one trader's object: only for its owner (signed in), the session
 * that made the user with fresh-user, or the sandbox operator (x-sandbox-operator): 403
 * sandbox.not_yours otherwise (server/sandbox/access.ts).
 */
export const sandboxTesterRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config, settings, platform, push, mirror, ports }) => {
  if (!config.sandbox) return;
  const { messenger } = ports;

  app.post('/api/sandbox/fresh-user', { schema: api(TAGS.sandbox, 'A fresh user', { body: FreshUserRequest, response: FreshUserResponse }) }, async (request): Promise<FreshUserResponse> => {
    const body = request.body;
    const { email, password, currency, userId } = await createFreshUser(db, platform, body);
    // the tester who made this user may act on it before signing in as it
    await rememberMadeBy(db, request, userId);
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

  app.get('/api/sandbox/outbox', { schema: api(TAGS.sandbox, 'Messages the server sent (mail, SMS)') }, async (request, reply) => {
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

  app.post('/api/sandbox/withdrawals/settle', { schema: api(TAGS.sandbox, 'Settle a withdrawal', { body: SettleWithdrawalRequest }) }, async (request) => {
    const body = request.body;
    await requireSandboxAccess(db, request, config, await withdrawalOwner(db, body.id), 'withdrawals');
    const row = await endWithdrawal(db, body.id, body.outcome);
    push.publish(row.user_id, { type: 'withdrawal.updated', id: row.id, status: row.status });
    if (row.status === 'rejected') push.publish(row.user_id, { type: 'user.updated' });
    if (row.status !== 'cancelled') push.publish(row.user_id, { type: 'notification.new' });
    return { ok: true as const, status: row.status };
  });

  app.post('/api/sandbox/verification', { schema: api(TAGS.sandbox, 'Set a verification state', { body: SandboxVerificationRequest }) }, async (request) => {
    const body = request.body;
    const email = body.email.trim().toLowerCase();
    await requireSandboxAccess(db, request, config, await userIdOfEmail(db, email), 'account');
    const id = await setVerification(db, email, body.verification);
    if (id === undefined) throw new Refusal(404, 'user.not_found', 'No trader with this email.');
    push.publish(id, { type: 'user.updated' });
    return { ok: true as const, verification: body.verification };
  });

  app.post('/api/sandbox/autologin', { schema: api(TAGS.sandbox, 'Make a sign-in key', { body: SandboxAutologinRequest, response: SandboxAutologinResponse }) }, async (request): Promise<SandboxAutologinResponse> => {
    const body = request.body;
    const lang = body.lang && settings.languages.includes(body.lang) ? body.lang : settings.defaultLanguage;
    const user = await findUserByEmail(db, body.email);
    // a sign-in link is the account itself: not for just any session
    await requireSandboxAccess(db, request, config, user?.id, 'account');
    if (!user) throw new Refusal(404, 'user.not_found', 'There is no user with this email.');
    const { key, expiresAt } = await createAutologinKey(db, user.id, { redirect: body.redirect ?? '', lang, mobile: body.mobile ?? false });
    return { key, url: `/${lang}/autologin?key=${encodeURIComponent(key)}`, expiresAt: expiresAt.toISOString() };
  });

  app.post('/api/sandbox/offers/now', { schema: api(TAGS.sandbox, 'Make a timed offer now', { body: SandboxOfferRequest }) }, async (request): Promise<SandboxOfferResponse> => {
    const body = request.body;
    const owner = await db.selectFrom('users').select('id').where('email', '=', body.email.trim().toLowerCase()).executeTakeFirst();
    await requireSandboxAccess(db, request, config, owner?.id, 'account');
    return { id: await sandboxOfferNow(db, body.email, body.kind, new Date()), kind: body.kind };
  });
};
