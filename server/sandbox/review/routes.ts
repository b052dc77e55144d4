import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { Refusal } from '../../domain/refusal';
import {
  KIND_LABEL,
  listPendingDocuments,
  listReviewedDocuments,
  readDocumentForReview,
  reviewDocument,
  type PendingDocument,
  type ReviewDecision,
  type ReviewedDocument,
} from '../../domain/verification/review';
import { parse } from '../../http/parse';
import { acceptConsoleForms, CONSOLE_COOKIE, CONSOLE_PAGE_CSP, consolePage, escapeHtml, installConsoleSession, operatorConsole } from '../operator-console';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import type { SandboxDeps } from '../deps';
import { sendDocument } from '../../routes/upload';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/** kept for the tests and older links: the console page's CSP and cookie (server/sandbox/operator-console.ts) */
export const REVIEW_PAGE_CSP = CONSOLE_PAGE_CSP;
export const REVIEW_COOKIE = CONSOLE_COOKIE;

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

const formatSize = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

const BANNER = 'Sandbox: a simulated identity review. Nothing here is a real check, and no real person reviews these files.';
const page = (title: string, body: string): string => consolePage(title, BANNER, body);

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

function reviewPage(documents: PendingDocument[], reviewed: ReviewedDocument[], csrf: string, query: Record<string, unknown>): string {
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
 * The sandbox reviewer console (sandbox mode only, otherwise these paths do not exist):
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
export const sandboxReviewRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config, push, ports }) => {
  if (!config.sandbox) return;
  const { messenger } = ports;
  const effects = { messenger, publish: push.publish.bind(push), siteUrl: config.siteUrl };

  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const access = (request: FastifyRequest) => operator.access(request);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  app.get('/sandbox/review', { schema: api(TAGS.sandbox, 'The review console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = access(request);
    if (!who) return html(reply, 200, tokenForm());
    const [documents, reviewed] = await Promise.all([listPendingDocuments(db), listReviewedDocuments(db)]);
    return html(reply, 200, reviewPage(documents, reviewed, operator.csrfFor(who), request.query as Record<string, unknown>));
  });

  installConsoleSession(app, operator, { path: '/sandbox/review', name: 'review', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post<{ Params: { id: string } }>('/sandbox/review/:id', { schema: api(TAGS.sandbox, 'Review console: decide', { produces: 'redirect' }) }, async (request, reply) => {
    const who = access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your reviewer session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) {
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

  app.get<{ Params: { id: string } }>('/sandbox/review/file/:id', { schema: api(TAGS.sandbox, 'Review console: a document file', { produces: 'file' }) }, async (request, reply) => {
    if (!access(request)) throw new Refusal(403, 'sandbox.operator', 'Only the sandbox reviewer sees this file: open /sandbox/review and enter the operator token.');
    return sendDocument(reply, await readDocumentForReview(db, request.params.id));
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator reviews documents: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/review/documents', { schema: api(TAGS.sandbox, 'Documents waiting for review') }, async (request) => {
    requireOperatorHeader(request);
    return { documents: await listPendingDocuments(db) };
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/review/:id', { schema: api(TAGS.sandbox, 'Approve or reject a document') }, async (request) => {
    requireOperatorHeader(request);
    const body = parse(ReviewBody, request.body ?? {});
    const outcome = await reviewDocument(db, request.params.id, body.decision, body.reason, effects);
    return { document: outcome.document, verification: outcome.verification, becameFull: outcome.becameFull };
  });
};
