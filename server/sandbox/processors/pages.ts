/**
 * The sandbox processors' own pages (3-D Secure ACS, hosted payment pages, Shape invoice,
 * Entropay, Vload). Plain server HTML, every value escaped, no script; each says "Sandbox".
 * A real integration sends the trader to the processor's site instead.
 */
export interface ProcessorPage {
  processor: string;
  /** what kind of page: "3-D Secure", "hosted payment page", "invoice", … */
  kind: string;
  amount: string;
  currency: string;
  card: string;
  uid: string;
  lang: string;
  csrf: string;
  /** the outcome this test card will have */
  hint: string;
  /** Entropay's CVV dialog on its page */
  cvv?: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:16px;color:#1d2330}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#ffe9a8;color:#5a4300;border-radius:6px;padding:2px 8px;font-weight:600;font-size:13px}
h1{font-size:20px;margin:12px 0}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0}dt{color:#5b6475}dd{margin:0;font-weight:600}
.hint{background:#eef3ff;border-radius:8px;padding:10px;font-size:14px}form{display:flex;gap:10px;flex-wrap:wrap;margin-top:18px}
button{flex:1;min-width:140px;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}
.ok{background:#1f7a4d;color:#fff}.no{background:#e6e8ec;color:#1d2330}label{display:block;width:100%;font-size:14px}
input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;margin-top:4px;border:1px solid #c5cad3;border-radius:8px}`;

export function renderProcessorPage(p: ProcessorPage): string {
  const e = escapeHtml;
  const hidden = `<input type="hidden" name="uid" value="${e(p.uid)}"><input type="hidden" name="lang" value="${e(p.lang)}"><input type="hidden" name="csrf" value="${e(p.csrf)}">`;
  const cvv = p.cvv
    ? `<label>CVV (sandbox: any 3 digits approve, 000 declines)<input name="cvv" inputmode="numeric" autocomplete="off" pattern="[0-9]{3,4}" required minlength="3" maxlength="4" data-testid="sandbox-cvv"></label>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox ${e(p.processor)} — ${e(p.kind)}</title><style>${STYLE}</style></head><body><main>
<span class="badge">Sandbox — no real payment</span>
<h1>${e(p.processor)}: ${e(p.kind)}</h1>
<dl><dt>Amount</dt><dd data-testid="sandbox-amount">${e(p.amount)} ${e(p.currency)}</dd><dt>Card</dt><dd>${e(p.card)}</dd><dt>Transaction</dt><dd>${e(p.uid)}</dd></dl>
<p class="hint">This page stands in for the processor's own page. This test card: ${e(p.hint)}.</p>
<form method="post" action="/sandbox/card/complete">${hidden}${cvv}
<button class="ok" type="submit" name="approve" value="1" data-testid="sandbox-approve">${p.cvv ? 'Send CVV' : 'Authenticate and pay'}</button>
<button class="no" type="submit" name="approve" value="0" formnovalidate data-testid="sandbox-cancel">Cancel</button></form>
</main></body></html>`;
}

export function renderMissingPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox processor</title><style>${STYLE}</style></head>
<body><main><span class="badge">Sandbox</span><h1>There is no such payment</h1><p>This payment page is not yours or has expired. Go back to the deposit page and try again.</p></main></body></html>`;
}
