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
  const { hits, loading, failed } = pending;

  return (
    <section className="wd__pending" {...pending.getRegionProps()}>
      <div className="wd__pending-head">
        <h2 {...pending.getTitleProps()}>{t('withdrawal.pending.title')}</h2>
        {loading && <Spinner label={t('common.loading')} />}
      </div>
      {failed && (
        <p className="form-error" {...pending.getFailedProps()}>
          {text(failed)}{' '}
          <button className="button button--small" {...pending.getReloadProps()}>
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
            <button className="button button--ghost button--small" {...pending.getCancelProps(w.transactionId)}>
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
              <button className="button button--ghost" {...pending.getNoProps()}>
                {t('common.no')}
              </button>
              <button className="button" {...pending.getYesProps()}>
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
