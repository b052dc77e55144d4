import { StatementQuery } from '../../core/contract/statement';
import { negotiateLanguage } from '../../core/site-pages';
import { profileLang, statementFile } from '../domain/statement/statement';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * A statement for a date range as CSV or PDF (issue 30 §9, docs/statements.md; contract
 * core/contract/statement.ts). Signed in only (401 `auth.required`); a GET, as it changes nothing.
 * Only the trader's own accounts: another's account id is 404 `statement.account`, as one that
 * does not exist. The words are in the language asked for, else the trader's (registration),
 * else the browser's (Accept-Language). The PDF says "SANDBOX" when the third parties are the
 * sandbox's (`settings.sandbox`).
 */
export const statementRoutes: RoutePlugin<RouteDeps> = async (app, { db, settings, ports }) => {
  app.get(
    '/api/statement',
    { schema: api(TAGS.account, 'Statement: the ledger’s movements, opening and closing balances for a date range, as a CSV or PDF file', { querystring: StatementQuery, produces: 'file' }) },
    async (request, reply) => {
      const userId = requireUser(request);
      const query = request.query;
      const header = request.headers['accept-language'];
      const lang = query.lang ?? (await profileLang(db, userId)) ?? (negotiateLanguage(typeof header === 'string' ? header : undefined, ['en', 'ru'], 'en') as 'en' | 'ru');
      const file = await statementFile(db, userId, query, { lang, hosts: ports.chat.hosts, sandbox: settings.sandbox, now: new Date() });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
