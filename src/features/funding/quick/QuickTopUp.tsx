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
  return (
    <section className="quick-topup" data-testid="quick-topup" {...q.getRegionProps()}>
      <h2 {...q.getTitleProps()}>{t('quick.title')}</h2>
      {q.isApproved && q.done ? (
        <>
          <p className="bank-ok" data-testid="quick-done" {...q.getDoneProps()}>{text(q.done)}</p>
          <button className="button button--ghost button--small" {...q.getAgainProps()}>{t('quick.again')}</button>
        </>
      ) : q.isConfirming || q.isCharging ? (
        <div className="quick-topup__confirm" {...q.getConfirmProps()}>
          <p {...q.getQuestionProps()}>{text(q.question)}</p>
          <button className="button" {...q.getYesProps()}>{q.isCharging ? t('quick.charging') : t('quick.yes')}</button>{' '}
          <button className="button button--ghost" {...q.getNoProps()}>{t('quick.no')}</button>
        </div>
      ) : (
        <form className="quick-topup__form" {...q.getFormProps()}>
          <p className="muted small">{t('quick.intro')}</p>
          <label className="field">
            <span>{t('quick.card.label')}</span>
            <select {...q.getFieldProps('card')}>
              {q.cards.map((c) => (
                <option key={c.token} value={c.token}>{c.label}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('quick.amount.label', { currency: q.currency })}</span>
            <input inputMode="decimal" autoComplete="off" {...q.getFieldProps('amount')} />
          </label>
          {q.error && (
            <p key={q.shakes} className="form-error shake" {...q.getErrorProps()}>
              {text(q.error)}
            </p>
          )}
          <button className="button" {...q.getSubmitProps()}>{t('quick.submit')}</button>
        </form>
      )}
    </section>
  );
}
