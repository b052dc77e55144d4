import { formatAmount } from '../../../core/format';

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
  /**
   * what "Authenticate and pay" does for this attempt (issue 32 §6): the outcome the test card or
   * the tester's script chose for it, never another: approved, pending (approved on a later check)
   * or no answer (pending until the trader stops waiting). Cancel always declines as cancelled.
   */
  outcome?: PageOutcome;
  /** Entropay's CVV dialog on its page */
  cvv?: boolean;
}

export type PageOutcome = 'approved' | 'pending' | 'timeout';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The pages' words in the site's languages (a real processor's page has its own). */
const WORDS = {
  en: {
    badge: 'Sandbox — no real payment',
    amount: 'Amount',
    card: 'Card',
    transaction: 'Transaction',
    standIn: "This page stands in for the processor's own page.",
    acs: "Your card's issuer asks you to confirm this payment: this is its 3-D Secure (ACS) page, opened by the processor.",
    outcomes: {
      approved: 'Authenticate and pay: the payment is approved. Cancel: it is declined as cancelled, and the deposit page tries the next processor.',
      pending: 'Authenticate and pay: the payment waits for the bank, then is approved on its second check. Cancel: it is declined as cancelled, and the deposit page tries the next processor.',
      timeout: 'Authenticate and pay: the processor then never answers; the payment stays pending until you stop waiting. Cancel: it is declined as cancelled, and the deposit page tries the next processor.',
    } as Record<PageOutcome, string>,
    pay: 'Authenticate and pay',
    sendCvv: 'Send CVV',
    cancel: 'Cancel',
    cvv: 'CVV (sandbox: any 3 digits approve, 000 declines)',
    missingTitle: 'There is no such payment',
    missingText: 'This payment page is not yours or has expired. Go back to the deposit page and try again.',
    kinds: { '3-D Secure': '3-D Secure', 'hosted payment page': 'hosted payment page', invoice: 'invoice', 'Entropay payment': 'Entropay payment', 'virtual card': 'virtual card', 'payment page': 'payment page' } as Record<string, string>,
  },
  ru: {
    badge: 'Песочница — реального платежа нет',
    amount: 'Сумма',
    card: 'Карта',
    transaction: 'Транзакция',
    standIn: 'Эта страница заменяет страницу процессора.',
    acs: 'Банк-эмитент вашей карты просит подтвердить этот платёж: это его страница 3-D Secure (ACS), открытая процессором.',
    outcomes: {
      approved: '«Подтвердить и оплатить»: платёж одобряется. «Отмена»: он отклоняется как отменённый, и страница пополнения пробует следующий процессор.',
      pending: '«Подтвердить и оплатить»: платёж ждёт ответа банка и одобряется при второй проверке. «Отмена»: он отклоняется как отменённый, и страница пополнения пробует следующий процессор.',
      timeout: '«Подтвердить и оплатить»: процессор после этого не отвечает; платёж ждёт, пока вы не перестанете ждать. «Отмена»: он отклоняется как отменённый, и страница пополнения пробует следующий процессор.',
    } as Record<PageOutcome, string>,
    pay: 'Подтвердить и оплатить',
    sendCvv: 'Отправить CVV',
    cancel: 'Отмена',
    cvv: 'CVV (песочница: любые 3 цифры одобряют, 000 отклоняет)',
    missingTitle: 'Такого платежа нет',
    missingText: 'Эта страница оплаты не ваша или устарела. Вернитесь на страницу пополнения и попробуйте снова.',
    kinds: { '3-D Secure': '3-D Secure', 'hosted payment page': 'страница оплаты', invoice: 'счёт', 'Entropay payment': 'платёж Entropay', 'virtual card': 'виртуальная карта', 'payment page': 'страница оплаты' } as Record<string, string>,
  },
};
const wordsFor = (lang: string) => (lang === 'ru' ? WORDS.ru : WORDS.en);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:16px;color:#1d2330}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#ffe9a8;color:#5a4300;border-radius:6px;padding:2px 8px;font-weight:600;font-size:13px}
h1{font-size:20px;margin:12px 0}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 12px;margin:16px 0}dd{overflow-wrap:anywhere}dt{color:#5b6475}dd{margin:0;font-weight:600}
.hint{background:#eef3ff;border-radius:8px;padding:10px;font-size:14px}form{display:flex;gap:10px;flex-wrap:wrap;margin-top:18px}
button{flex:1;min-width:140px;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}
.ok{background:#1f7a4d;color:#fff}.no{background:#e6e8ec;color:#1d2330}label{display:block;width:100%;font-size:14px}
input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;margin-top:4px;border:1px solid #c5cad3;border-radius:8px}`;

export function renderProcessorPage(p: ProcessorPage): string {
  const e = escapeHtml;
  const w = wordsFor(p.lang);
  const kind = w.kinds[p.kind] ?? p.kind;
  const hidden = `<input type="hidden" name="uid" value="${e(p.uid)}"><input type="hidden" name="lang" value="${e(p.lang)}"><input type="hidden" name="csrf" value="${e(p.csrf)}">`;
  const cvv = p.cvv
    ? `<label>${e(w.cvv)}<input name="cvv" inputmode="numeric" autocomplete="off" pattern="[0-9]{3,4}" required minlength="3" maxlength="4" data-testid="sandbox-cvv"></label>`
    : '';
  return `<!doctype html><html lang="${p.lang === 'ru' ? 'ru' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(w.badge)}: ${e(p.processor)} — ${e(kind)}</title><style>${STYLE}</style></head><body><main>
<span class="badge">${e(w.badge)}</span>
<h1>${e(p.processor)}: ${e(kind)}</h1>
<dl><dt>${e(w.amount)}</dt><dd data-testid="sandbox-amount">${e(formatAmount(p.amount, p.currency, p.lang))}</dd><dt>${e(w.card)}</dt><dd>${e(p.card)}</dd><dt>${e(w.transaction)}</dt><dd>${e(p.uid)}</dd></dl>
${p.kind === '3-D Secure' ? `<p data-testid="sandbox-acs">${e(w.acs)}</p>` : ''}
<p class="hint" data-testid="sandbox-hint">${e(w.standIn)} ${e(w.outcomes[p.outcome ?? 'approved'])}${p.cvv ? ` ${e(w.cvv)}.` : ''}</p>
<form method="post" action="/sandbox/card/complete">${hidden}${cvv}
<button class="ok" type="submit" name="approve" value="1" data-testid="sandbox-approve">${e(p.cvv ? w.sendCvv : w.pay)}</button>
<button class="no" type="submit" name="approve" value="0" formnovalidate data-testid="sandbox-cancel">${e(w.cancel)}</button></form>
</main></body></html>`;
}

export function renderMissingPage(lang = 'en'): string {
  const w = wordsFor(lang);
  return `<!doctype html><html lang="${lang === 'ru' ? 'ru' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(w.missingTitle)}</title><style>${STYLE}</style></head>
<body><main><span class="badge">${escapeHtml(w.badge)}</span><h1>${escapeHtml(w.missingTitle)}</h1><p>${escapeHtml(w.missingText)}</p></main></body></html>`;
}
