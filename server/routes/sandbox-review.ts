import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { sameSecret } from '../domain/tokens';
import { Refusal } from '../domain/security/refusal';
import {
  KIND_LABEL,
  listPendingDocuments,
  listReviewedDocuments,
  readDocumentForReview,
  reviewDocument,
  type PendingDocument,
  type ReviewDecision,
  type ReviewedDocument,
} from '../domain/verification/review';
import { HttpError } from '../http/errors';
import { parse } from '../http/parse';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../http/sandbox-access';
import { sandboxMessenger } from '../sandbox/messages/messenger';
import type { RouteDeps } from './deps';
import { answering } from './refusals';
import { sendDocument } from './upload';

/** The console's page runs no script at all, loads images from us only and posts its forms to us only. */
export const REVIEW_PAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'";
/** proves operator access to the console (HttpOnly, SameSite=Strict, Path=/sandbox): a nonce and its HMAC under the operator token, never the token */
export const REVIEW_COOKIE = 'sandbox_review';
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

const ReviewBody = z.object({
  decision: z.enum(['start', 'approve', 'reject']),
  reason: z.optional(z.string().check(z.maxLength(500))),
});

/** Flash texts after an action (the query names one of these; anything else shows nothing). */
const DONE: Record<string, string> = {
  in_review: 'Review started.',
  approved: 'Document approved.',
  rejected: 'Document rejected.',
};
const FAILED: Record<string, string> = {
  'document.reason': 'Say why the document is rejected: the reason is required (500 characters at most).',
  'document.transition': 'That document has already moved on (a second click, or another reviewer): nothing changed.',
  not_found: 'No such document.',
  'review.decision': 'Choose Start review, Approve or Reject.',
};
const STATUS_LABEL: Record<string, string> = { uploaded: 'uploaded', in_review: 'in review', approved: 'approved', rejected: 'rejected' };

/** Every value put into the page goes through this. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

const formatSize = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

const STYLE = `
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
input[type=text],input[type=password]{font:inherit;padding:.25rem .4rem;border:1px solid #8890a0;border-radius:4px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner">Sandbox: a simulated identity review. Nothing here is a real check, and no real person reviews these files.</div>
<main>${body}</main></body></html>
`;
}

function tokenForm(message?: string): string {
  return page(
    'Sandbox reviewer console',
    `<h1>Sandbox reviewer console</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Enter the sandbox operator token to review the documents traders uploaded. <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN).</p>
<form method="post" action="/sandbox/review/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`,
  );
}

function documentRow(doc: PendingDocument, csrf: string): string {
  const file = `/sandbox/review/file/${encodeURIComponent(doc.id)}`;
  const action = `/sandbox/review/${encodeURIComponent(doc.id)}`;
  const preview = doc.mime === 'application/pdf' ? `<a href="${escapeHtml(file)}">Open the PDF</a>` : `<a href="${escapeHtml(file)}"><img class="preview" src="${escapeHtml(file)}" alt="${escapeHtml(KIND_LABEL[doc.kind])} of ${escapeHtml(doc.email)}"></a>`;
  const hidden = (decision: ReviewDecision) => `<input type="hidden" name="decision" value="${decision}"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
  const start = doc.status === 'uploaded' ? `<form method="post" action="${escapeHtml(action)}">${hidden('start')}<button type="submit">Start review</button></form>` : '';
  return `<tr data-document="${escapeHtml(doc.id)}" data-kind="${escapeHtml(doc.kind)}">
<td>${escapeHtml(doc.email)}</td>
<td>${escapeHtml(KIND_LABEL[doc.kind])}</td>
<td>${escapeHtml(STATUS_LABEL[doc.status] ?? doc.status)}</td>
<td>${escapeHtml(formatSize(doc.size))}<br><small>${escapeHtml(doc.mime)}</small></td>
<td><time datetime="${escapeHtml(doc.created_at)}">${escapeHtml(doc.created_at.replace('T', ' ').slice(0, 19))} UTC</time></td>
<td>${preview}</td>
<td>${start}
<form method="post" action="${escapeHtml(action)}">${hidden('approve')}<button type="submit" class="approve">Approve</button></form>
<form method="post" action="${escapeHtml(action)}">${hidden('reject')}<input type="text" name="reason" required maxlength="500" placeholder="Reason (the trader sees it)" aria-label="Reason for rejecting"> <button type="submit" class="reject">Reject</button></form>
</td></tr>`;
}

function reviewedRow(doc: ReviewedDocument): string {
  return `<tr>
<td>${escapeHtml(doc.email)}</td>
<td>${escapeHtml(KIND_LABEL[doc.kind])}</td>
<td>${escapeHtml(STATUS_LABEL[doc.status] ?? doc.status)}</td>
<td>${escapeHtml(doc.reason ?? '')}</td>
<td>${doc.reviewed_at ? `${escapeHtml(doc.reviewed_at.replace('T', ' ').slice(0, 19))} UTC` : ''}</td>
</tr>`;
}

function consolePage(documents: PendingDocument[], reviewed: ReviewedDocument[], csrf: string, query: Record<string, unknown>): string {
  const done = typeof query.done === 'string' ? DONE[query.done] : undefined;
  const failed = typeof query.error === 'string' ? FAILED[query.error] ?? 'That did not work: nothing changed.' : undefined;
  const flash = done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : failed ? `<p class="flash err" role="alert">${escapeHtml(failed)}</p>` : '';
  const rows = documents.map((doc) => documentRow(doc, csrf)).join('\n');
  return page(
    'Sandbox reviewer console',
    `<h1>Sandbox reviewer console</h1>
${flash}
<p class="note">Documents waiting for review, oldest first. <strong>Start review</strong> marks a document as in review; <strong>Approve</strong> and <strong>Reject</strong> (with a reason the trader sees) end the review. When every document a trader needs is approved, their verification becomes Full. The trader's page updates at once and they get an email (see the sandbox outbox).</p>
${
  documents.length === 0
    ? '<p>No documents are waiting for review.</p>'
    : `<table><thead><tr><th>Trader</th><th>Document</th><th>Status</th><th>Size</th><th>Uploaded</th><th>Preview</th><th>Decision</th></tr></thead><tbody>
${rows}
</tbody></table>`
}
${
  reviewed.length === 0
    ? ''
    : `<h2>Recently reviewed</h2>
<table><thead><tr><th>Trader</th><th>Document</th><th>Decision</th><th>Reason</th><th>Reviewed</th></tr></thead><tbody>
${reviewed.map(reviewedRow).join('\n')}
</tbody></table>`
}`,
  );
}

/**
 * The sandbox reviewer console (issue 13; sandbox mode only, otherwise these paths do not exist):
 * - GET  /sandbox/review: the pending documents with previews and the decision forms, or a form
 *   asking for the operator token; POST /sandbox/review/session takes the token (compared in
 *   constant time) and sets a cookie proving operator access (an HMAC under the token, never the
 *   token), Path=/sandbox, HttpOnly, SameSite=Strict;
 * - POST /sandbox/review/:id: start, approve or reject (urlencoded; the form's `csrf` field is an
 *   HMAC of the cookie, as a form cannot send the app's CSRF header) → 303 back with a flash;
 * - GET  /sandbox/review/file/:id: the file for the preview, served so that it runs nothing;
 * - GET  /api/sandbox/review/documents and POST /api/sandbox/review/:id: the JSON twin, for the
 *   operator header only.
 * The x-sandbox-operator header gives access everywhere (no cookie or form CSRF field needed:
 * a cross-site form cannot send a header). Nothing changes on a GET.
 */
export const sandboxReviewRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config, push }) => {
  if (!config.sandbox) return;
  const messenger = sandboxMessenger(db);
  const token = config.sandboxOperatorToken;
  const effects = { messenger, publish: push.publish.bind(push) };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const cookieMac = (nonce: string) => hmac(token, `sandbox-review-session:${nonce}`);
  const csrfOf = (cookieValue: string) => hmac(token, `sandbox-review-csrf:${cookieValue}`);

  /** the console cookie's value when it proves operator access, else null */
  function validCookie(request: FastifyRequest): string | null {
    const value = request.cookies[REVIEW_COOKIE];
    if (!value || token === '') return null;
    const [nonce, mac, extra] = value.split('.');
    if (!nonce || !mac || extra !== undefined) return null;
    return sameSecret(mac, cookieMac(nonce)) ? value : null;
  }

  /** operator access: the header (no cookie needed) or the console cookie */
  const access = (request: FastifyRequest): { via: 'header' } | { via: 'cookie'; cookie: string } | null => {
    if (isSandboxOperator(request, config)) return { via: 'header' };
    const cookie = validCookie(request);
    return cookie ? { via: 'cookie', cookie } : null;
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', REVIEW_PAGE_CSP).header('cache-control', 'no-store').send(body);

  app.get('/sandbox/review', async (request, reply) => {
    const who = access(request);
    if (!who) return html(reply, 200, tokenForm());
    const [documents, reviewed] = await Promise.all([listPendingDocuments(db), listReviewedDocuments(db)]);
    return html(reply, 200, consolePage(documents, reviewed, who.via === 'cookie' ? csrfOf(who.cookie) : '', request.query as Record<string, unknown>));
  });

  app.post('/sandbox/review/session', async (request, reply) => {
    const sent = (request.body as Record<string, unknown> | undefined)?.token;
    if (typeof sent !== 'string' || token === '' || !sameSecret(sent.trim(), token)) {
      return html(reply, 403, tokenForm('That is not the sandbox operator token. Copy it from the terminal where npm start runs.'));
    }
    const nonce = randomBytes(18).toString('base64url');
    reply.setCookie(REVIEW_COOKIE, `${nonce}.${cookieMac(nonce)}`, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/sandbox',
      secure: request.protocol === 'https',
      maxAge: COOKIE_MAX_AGE_S,
    });
    return reply.redirect('/sandbox/review', 303);
  });

  app.post<{ Params: { id: string } }>('/sandbox/review/:id', async (request, reply) => {
    const who = access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your reviewer session has ended: enter the operator token again. Nothing changed.'));
    if (who.via === 'cookie' && (typeof form.csrf !== 'string' || !sameSecret(form.csrf, csrfOf(who.cookie)))) {
      return html(reply, 403, page('Sandbox reviewer console', '<h1>Sandbox reviewer console</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/review">Back to the console</a></p>'));
    }
    const decision = form.decision;
    const reason = typeof form.reason === 'string' ? form.reason : undefined;
    if (decision !== 'start' && decision !== 'approve' && decision !== 'reject') return reply.redirect('/sandbox/review?error=review.decision', 303);
    try {
      const outcome = await reviewDocument(db, request.params.id, decision, reason, effects);
      return reply.redirect(`/sandbox/review?done=${encodeURIComponent(outcome.document.status)}`, 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`/sandbox/review?error=${encodeURIComponent(error.key)}`, 303);
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/sandbox/review/file/:id', async (request, reply) =>
    answering(async () => {
      if (!access(request)) throw new HttpError(403, 'sandbox.operator', 'Only the sandbox reviewer sees this file: open /sandbox/review and enter the operator token.');
      return sendDocument(reply, await readDocumentForReview(db, request.params.id));
    }),
  );

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new HttpError(403, 'sandbox.operator', `Only the sandbox operator reviews documents: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/review/documents', async (request) => {
    requireOperatorHeader(request);
    return { documents: await listPendingDocuments(db) };
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/review/:id', async (request) => {
    requireOperatorHeader(request);
    const body = parse(ReviewBody, request.body ?? {});
    const outcome = await answering(() => reviewDocument(db, request.params.id, body.decision, body.reason, effects));
    return { document: outcome.document, verification: outcome.verification, becameFull: outcome.becameFull };
  });
};
