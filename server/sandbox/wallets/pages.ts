import { escapeHtml } from '../processors/pages';
import { formatAmount } from '../../../core/format';

/**
 * The sandbox wallet providers' hosted page: plain server HTML, every value escaped, no
 * script, fits a 390 px phone, says "Sandbox". A real provider's page is on its own site.
 */
export interface WalletPage {
  provider: string;
  name: string;
  depositId: string;
  amount: string;
  currency: string;
  lang: string;
  csrf: string;
}

const WORDS = {
  en: {
    badge: 'Sandbox — no real payment',
    title: 'payment page',
    amount: 'Amount',
    reference: 'Reference',
    standIn: "This page stands in for the provider's own page. Pay sends the provider's signed confirmation to the broker; Cancel sends a failure.",
    pay: 'Pay',
    cancel: 'Cancel',
    missingTitle: 'There is no such payment',
    missingText: 'This payment page is not yours or was already used. Go back to the deposit page and try again.',
  },
  ru: {
    badge: 'Песочница — реального платежа нет',
    title: 'страница оплаты',
    amount: 'Сумма',
    reference: 'Номер',
    standIn: 'Эта страница заменяет страницу платёжной системы. «Оплатить» отправляет брокеру подписанное подтверждение, «Отмена» — отказ.',
    pay: 'Оплатить',
    cancel: 'Отмена',
    missingTitle: 'Такого платежа нет',
    missingText: 'Эта страница оплаты не ваша или уже использована. Вернитесь на страницу пополнения и попробуйте снова.',
  },
};
const wordsFor = (lang: string) => (lang === 'ru' ? WORDS.ru : WORDS.en);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:16px;color:#1d2330}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#ffe9a8;color:#5a4300;border-radius:6px;padding:2px 8px;font-weight:600;font-size:13px}
h1{font-size:20px;margin:12px 0}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 12px;margin:16px 0}dt{color:#5b6475}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.hint{background:#eef3ff;border-radius:8px;padding:10px;font-size:14px}.actions{display:flex;gap:10px;flex-wrap:wrap;margin-top:18px}form{flex:1;min-width:140px;display:flex}
button{flex:1;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}.ok{background:#1f7a4d;color:#fff}.no{background:#e6e8ec;color:#1d2330}`;

export function renderWalletPage(p: WalletPage): string {
  const e = escapeHtml;
  const w = wordsFor(p.lang);
  const hidden = `<input type="hidden" name="lang" value="${e(p.lang)}"><input type="hidden" name="csrf" value="${e(p.csrf)}">`;
  const base = `/sandbox/wallets/${encodeURIComponent(p.provider)}/${encodeURIComponent(p.depositId)}`;
  return `<!doctype html><html lang="${p.lang === 'ru' ? 'ru' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(w.badge)}: ${e(p.name)}</title><style>${STYLE}</style></head><body><main>
<span class="badge" data-testid="sandbox-badge">${e(w.badge)}</span>
<h1>${e(p.name)}: ${e(w.title)}</h1>
<dl><dt>${e(w.amount)}</dt><dd data-testid="sandbox-amount">${e(formatAmount(p.amount, p.currency, p.lang))}</dd><dt>${e(w.reference)}</dt><dd>${e(p.depositId)}</dd></dl>
<p class="hint">${e(w.standIn)}</p>
<div class="actions"><form method="post" action="${base}/pay">${hidden}<button class="ok" type="submit" data-testid="sandbox-pay">${e(w.pay)}</button></form>
<form method="post" action="${base}/cancel">${hidden}<button class="no" type="submit" data-testid="sandbox-cancel">${e(w.cancel)}</button></form></div>
</main></body></html>`;
}

export function renderWalletMissing(lang = 'en'): string {
  const w = wordsFor(lang);
  return `<!doctype html><html lang="${lang === 'ru' ? 'ru' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(w.missingTitle)}</title><style>${STYLE}</style></head>
<body><main><span class="badge">${escapeHtml(w.badge)}</span><h1>${escapeHtml(w.missingTitle)}</h1><p>${escapeHtml(w.missingText)}</p></main></body></html>`;
}
