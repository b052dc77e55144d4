import type { FormEvent } from 'react';
import { useQuickTopUp } from '../../../flows/funding/quick-topup.flow';
import { registerMessages, useT } from '../../../i18n';
import { messages } from './messages';
import './quick.css';

registerMessages(messages);

/**
 * Quick top-up (spec 001 §6-§7) above the card form: shown only when the server offers it
 * (can_load and a saved card); the amount, a confirmation naming the exact amount and card, one charge.
 */
export default function QuickTopUp() {
  const { t, text, lang } = useT();
  const q = useQuickTopUp(lang);
  if (q.isHidden) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    q.onSubmit();
  };
  return (
    <section className="quick-topup" aria-labelledby="quick-title" data-testid="quick-topup">
      <h2 id="quick-title">{t('quick.title')}</h2>
      {q.isApproved && q.done ? (
        <>
          <p className="bank-ok" role="status" data-testid="quick-done">{text(q.done)}</p>
          <button type="button" className="button button--ghost button--small" onClick={q.onAgain}>{t('quick.again')}</button>
        </>
      ) : q.isConfirming || q.isCharging ? (
        <div role="alertdialog" aria-labelledby="quick-question" className="quick-topup__confirm">
          <p id="quick-question">{text(q.question)}</p>
          <button type="button" className="button" onClick={q.onYes} disabled={q.isCharging}>{q.isCharging ? t('quick.charging') : t('quick.yes')}</button>{' '}
          <button type="button" className="button button--ghost" onClick={q.onNo} disabled={q.isCharging}>{t('quick.no')}</button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="quick-topup__form">
          <p className="muted small">{t('quick.intro')}</p>
          <label className="field">
            <span>{t('quick.card.label')}</span>
            <select value={q.cards.find((c) => c.selected)?.token ?? ''} onChange={(e) => q.onCard(e.target.value)}>
              {q.cards.map((c) => (
                <option key={c.token} value={c.token}>{c.label}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('quick.amount.label', { currency: q.currency })}</span>
            <input name="quick-amount" inputMode="decimal" autoComplete="off" value={q.amount} onChange={(e) => q.onAmount(e.target.value)} aria-invalid={q.error ? true : undefined} />
          </label>
          {q.error && (
            <p key={q.shakes} className="form-error shake" role="alert">
              {text(q.error)}
            </p>
          )}
          <button className="button" type="submit">{t('quick.submit')}</button>
        </form>
      )}
    </section>
  );
}
