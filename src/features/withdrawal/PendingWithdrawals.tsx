import { formatDateTime } from '../../flows/shared/dates';
import { formatAmount } from '../../flows/shared/money';
import { usePendingWithdrawals } from '../../flows/withdrawal/withdrawal.flow';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { AskSupport } from '../support/AskSupport';

/** Pending withdrawals (/api/us/pending), each cancellable after a Yes/No question (spec 002 §4). */
export function PendingWithdrawals() {
  const { t, text, lang } = useT();
  const pending = usePendingWithdrawals();
  const { hits, loading, failed, rejecting } = pending;

  return (
    <section className="wd__pending" aria-labelledby="wd-pending-title" aria-busy={loading}>
      <div className="wd__pending-head">
        <h2 id="wd-pending-title">{t('withdrawal.pending.title')}</h2>
        {loading && <Spinner label={t('common.loading')} />}
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {text(failed)}{' '}
          <button type="button" className="button button--small" onClick={pending.reload}>
            {t('withdrawal.pending.reload')}
          </button>
        </p>
      )}
      {pending.empty && <p className="muted">{t('withdrawal.pending.empty')}</p>}
      <ul className="wd__pending-list">
        {hits.map((w) => (
          <li key={w.transactionId} className="wd__pending-item" data-testid="pending-withdrawal">
            <div>
              <strong>{formatAmount(w.amount, w.currency, lang)}</strong> · {w.method.replace('_', ' ')}
              {w.wallet && <span className="muted wd__wallet"> · {w.wallet}</span>}
              <div className="muted wd__date">{t('withdrawal.pending.requested', { date: formatDateTime(w.createdAt) })}</div>
              <AskSupport about={{ kind: 'withdrawal', id: w.transactionId }} />
            </div>
            <button type="button" className="button button--ghost button--small" onClick={() => pending.cancel(w.transactionId)}>
              {t('withdrawal.pending.cancel')}
            </button>
          </li>
        ))}
      </ul>
      {pending.asking && (
        <Modal
          title={t('withdrawal.cancel.title')}
          variant="warning"
          onClose={pending.decline}
          closeLabel={t('common.close')}
          footer={
            <>
              <button type="button" className="button button--ghost" disabled={rejecting} onClick={pending.decline}>
                {t('common.no')}
              </button>
              <button type="button" className="button" data-autofocus disabled={rejecting} onClick={pending.confirm}>
                {t('common.yes')}
              </button>
            </>
          }
        >
          <p>{t('withdrawal.cancel.question')}</p>
        </Modal>
      )}
    </section>
  );
}
