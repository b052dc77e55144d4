import type { LockedAction } from '../../../core/cashier-locks';
import { useCashierLocks } from '../../flows/cashier-locks/cashier-locks.flow';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './cashier-locks.css';

registerMessages(messages);

/**
 * What stops the page's action now (issue 30 §4), above its form: each lock with what it means
 * and a button to its next step. Nothing when nothing locks it; a quiet line with Check again when
 * the locks could not be read (the page still works: the server refuses with the reason).
 */
export function CashierLocks({ action }: { action: LockedAction }) {
  const { t, text, lang } = useT();
  const locks = useCashierLocks(action, lang);
  if (locks.failed) {
    return (
      <p className="locks__failed" data-testid="locks-failed">
        {locks.error && text(locks.error)}{' '}
        <button className="button button--ghost" {...locks.getCheckProps()}>
          {t('locks.check_again')}
        </button>
      </p>
    );
  }
  if (locks.notices.length === 0) return null;
  return (
    <section className="locks" aria-label={t('locks.region')} data-testid="cashier-locks">
      {locks.notices.map((notice) => (
        <div key={notice.reason} className="locks__item" role="note" data-testid={`lock-${notice.reason}`}>
          <strong>{text(notice.title)}</strong>
          <p>{text(notice.body)}</p>
          {notice.next && (
            <a className="button" href={notice.next.href} data-testid={`lock-next-${notice.reason}`}>
              {text(notice.next.label)}
            </a>
          )}
        </div>
      ))}
      <p className="locks__again">
        <button className="button button--ghost" data-testid="locks-check-again" {...locks.getCheckProps()}>
          {t('locks.check_again')}
        </button>
      </p>
    </section>
  );
}

export default CashierLocks;
