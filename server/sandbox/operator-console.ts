import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sameSecret } from '../domain/tokens';
import { api, TAGS } from '../http/route-schema';
import { isSandboxOperator } from './access';

/**
 * The sandbox operator's consoles (`/sandbox/review`, and each later one: promo codes, bank
 * transfers, …) share this: server-rendered pages that run no script, one operator sign-in for
 * all of them, forms protected by their own CSRF field. In sandbox mode only (the caller checks).
 *
 * - Access: the `x-sandbox-operator` header (scripts, tests) or the console cookie, which holds a
 *   nonce and its HMAC under the operator token (never the token); HttpOnly, SameSite=Strict,
 *   Path=/sandbox, 12 hours.
 * - A form's `csrf` field is an HMAC of the cookie (a form cannot send the app's CSRF header); a
 *   request that came with the header needs none (a cross-site form cannot send a header).
 */

/** a console page runs no script at all, loads images from us only and posts its forms to us only */
export const CONSOLE_PAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'";
/** the console cookie (one sign-in for every sandbox console) */
export const CONSOLE_COOKIE = 'sandbox_review';
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

/** Every value put into a console page goes through this. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

export const CONSOLE_STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f5f6f8}
.banner{background:#8a4b00;color:#fff;padding:.5rem 1rem;font-weight:600}
main{max-width:1100px;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.5rem 0 1rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.note{color:#4a5262}
.flash{padding:.6rem .8rem;border-radius:6px;margin:0 0 1rem}
.flash.ok{background:#e5f5e8;border:1px solid #9bd1a6}.flash.err{background:#fbe9e9;border:1px solid #e3a3a3}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d9dce3}
th,td{padding:.5rem;border-bottom:1px solid #e6e8ee;text-align:left;vertical-align:top}
th{background:#eef0f4;font-size:.85rem}
img.preview{max-width:180px;max-height:120px;border:1px solid #d9dce3;background:#fff}
form{margin:0 0 .4rem}
button{font:inherit;padding:.25rem .7rem;border-radius:4px;border:1px solid #8890a0;background:#fff;cursor:pointer}
button.approve{border-color:#2f7d3b;color:#2f7d3b}button.reject{border-color:#a33;color:#a33}
input[type=text],input[type=password],input[type=number],input[type=date],select{font:inherit;padding:.25rem .4rem;border:1px solid #8890a0;border-radius:4px}
`;

/** A whole console page: the Sandbox banner (what this console simulates), the title, the body (already escaped). */
export function consolePage(title: string, banner: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${CONSOLE_STYLE}</style></head>
<body><div class="banner">${escapeHtml(banner)}</div>
<main>${body}</main></body></html>
`;
}

export type ConsoleAccess = { via: 'header' } | { via: 'cookie'; cookie: string };

export interface OperatorConsole {
  /** operator access: the header (no cookie needed) or the console cookie; null without either */
  access(request: FastifyRequest): ConsoleAccess | null;
  /** the value a form of this page carries in its `csrf` field ('' with header access) */
  csrfFor(access: ConsoleAccess): string;
  /** a posted form may act: header access, or the cookie with its matching `csrf` field */
  formAllowed(access: ConsoleAccess, form: Record<string, unknown>): boolean;
  /** sends a console page with its CSP, never cached */
  html(reply: FastifyReply, status: number, body: string): FastifyReply;
  /** the token was right: sets the console cookie */
  signIn(request: FastifyRequest, reply: FastifyReply): void;
  /** the posted token is the operator token (compared in constant time) */
  isToken(sent: unknown): boolean;
}

/** The operator console helpers for the app's config (sandbox mode only). */
export function operatorConsole(config: Config): OperatorConsole {
  const token = config.sandboxOperatorToken;
  const cookieMac = (nonce: string) => hmac(token, `sandbox-review-session:${nonce}`);
  const csrfOf = (cookieValue: string) => hmac(token, `sandbox-review-csrf:${cookieValue}`);
  const validCookie = (request: FastifyRequest): string | null => {
    const value = request.cookies[CONSOLE_COOKIE];
    if (!value || token === '') return null;
    const [nonce, mac, extra] = value.split('.');
    if (!nonce || !mac || extra !== undefined) return null;
    return sameSecret(mac, cookieMac(nonce)) ? value : null;
  };
  return {
    access(request) {
      if (isSandboxOperator(request, config)) return { via: 'header' };
      const cookie = validCookie(request);
      return cookie ? { via: 'cookie', cookie } : null;
    },
    csrfFor: (access) => (access.via === 'cookie' ? csrfOf(access.cookie) : ''),
    formAllowed: (access, form) => access.via === 'header' || (typeof form.csrf === 'string' && sameSecret(form.csrf, csrfOf(access.cookie))),
    html: (reply, status, body) =>
      reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', CONSOLE_PAGE_CSP).header('cache-control', 'no-store').send(body),
    signIn(request, reply) {
      const nonce = randomBytes(18).toString('base64url');
      reply.setCookie(CONSOLE_COOKIE, `${nonce}.${cookieMac(nonce)}`, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/sandbox',
        secure: request.protocol === 'https',
        maxAge: COOKIE_MAX_AGE_S,
      });
    },
    isToken: (sent) => typeof sent === 'string' && token !== '' && sameSecret(sent.trim(), token),
  };
}

/** Console forms post urlencoded bodies: parsed into a plain object (8 KB at most), in the calling plugin's scope. */
export function acceptConsoleForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * POST `{path}/session`: the operator token typed into a console's form. Right: the console cookie
 * is set and the console opens (303 to `path`); wrong: `refuse` answers the console's token form
 * again with why (403). One route per console, the same for every one.
 */
export function installConsoleSession(
  app: FastifyInstance,
  operator: OperatorConsole,
  desk: { path: string; name: string; refuse: (reply: FastifyReply, message: string) => unknown },
): void {
  app.post(`${desk.path}/session`, { schema: api(TAGS.sandbox, `The ${desk.name} console: enter the operator token`, { produces: 'redirect' }) }, async (request, reply) => {
    if (!operator.isToken((request.body as Record<string, unknown> | undefined)?.token)) {
      return desk.refuse(reply, 'That is not the sandbox operator token. Copy it from the terminal where npm start runs.');
    }
    operator.signIn(request, reply);
    return reply.redirect(desk.path, 303);
  });
}
