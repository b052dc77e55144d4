import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { formatDateTime } from '../../flows/dates';
import { inspect } from '../../flows/inspector';
import { formatAmount } from '../../flows/money';
import { onWithdrawalsChanged, pendingFlow } from '../../flows/withdrawal';
import { selectCancelling, selectPendingFailed, selectPendingHits, selectPendingLoading, selectRejecting } from '../../flows/withdrawal-view';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';

/** Pending withdrawals (/api/us/pending), each cancellable after a Yes/No question (spec 002 §4). */
export function PendingWithdrawals() {
  const { t, text, lang } = useT();
  const actor = useActorRef(pendingFlow, { inspect });
  const hits = useSelector(actor, selectPendingHits);
  const loading = useSelector(actor, selectPendingLoading);
  const failed = useSelector(actor, selectPendingFailed);
  const cancelling = useSelector(actor, selectCancelling);
  const rejecting = useSelector(actor, selectRejecting);

  useEffect(() => {
    return onWithdrawalsChanged(() => actor.send({ type: 'pending.refresh' }));
  }, [actor]);

  return (
    <section className="wd__pending" aria-labelledby="wd-pending-title" aria-busy={loading}>
      <div className="wd__pending-head">
        <h2 id="wd-pending-title">{t('withdrawal.pending.title')}</h2>
        {loading && <Spinner label={t('common.loading')} />}
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {text(failed)}{' '}
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'pending.refresh' })}>
            {t('withdrawal.pending.reload')}
          </button>
        </p>
      )}
      {!loading && !failed && hits.length === 0 && <p className="muted">{t('withdrawal.pending.empty')}</p>}
      <ul className="wd__pending-list">
        {hits.map((w) => (
          <li key={w.transactionId} className="wd__pending-item" data-testid="pending-withdrawal">
            <div>
              <strong>{formatAmount(w.amount, w.currency, lang)}</strong> · {w.method.replace('_', ' ')}
              {w.wallet && <span className="muted wd__wallet"> · {w.wallet}</span>}
              <div className="muted wd__date">{t('withdrawal.pending.requested', { date: formatDateTime(w.createdAt) })}</div>
            </div>
            <button type="button" className="button button--ghost button--small" onClick={() => actor.send({ type: 'pending.cancel', id: w.transactionId })}>
              {t('withdrawal.pending.cancel')}
            </button>
          </li>
        ))}
      </ul>
      {cancelling && (
        <Modal
          title={t('withdrawal.cancel.title')}
          variant="warning"
          onClose={() => !rejecting && actor.send({ type: 'confirm.no' })}
          closeLabel={t('common.close')}
          footer={
            <>
              <button type="button" className="button button--ghost" disabled={rejecting} onClick={() => actor.send({ type: 'confirm.no' })}>
                {t('common.no')}
              </button>
              <button type="button" className="button" data-autofocus disabled={rejecting} onClick={() => actor.send({ type: 'confirm.yes' })}>
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
