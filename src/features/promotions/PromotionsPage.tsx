import { formatDateTime } from '../../flows/shared/dates';
import { usePromotions } from '../../flows/promotions/promotions.flow';
import { registerMessages, useT } from '../../i18n';
import { formatDecimal } from '../../i18n/number';
import { Modal } from '../../ui/Modal';
import { IqPromoRow } from '../iq/IqPromoRow';
import { messages } from './messages';
import './promotions.css';

registerMessages(messages);

/**
 * #/show/promotions (spec 001 §2-4, §7): the promotions in their window with what they
 * give, their maximum and window; a promotion's terms before it is activated, with a confirm;
 * activated → the list reloads; a refusal in the server's words; a failure with a retry.
 */
export default function PromotionsPage() {
  const { t, text, lang } = useT();
  const page = usePromotions();
  const number = (value: string) => formatDecimal(value, lang, 0);
  const maxOf = (maxText: string) => t('promotions.max', { max: maxText });
  return (
    <div className="promos" data-testid="promotions-page">
      <h1>{t('promotions.title')}</h1>
      <p className="muted">{t('promotions.intro')}</p>
      <p>
        <a href="#/show/funding">{t('promotions.to_funding')}</a>
      </p>
      {page.isLoading && (
        <p className="muted" {...page.getLoadingProps()}>
          {t('promotions.loading')}
        </p>
      )}
      {page.isFailed && (
        <div className="form-error" {...page.getProblemProps()} data-testid="promotions-failed">
          <p>{page.error && text(page.error)}</p>
          <button type="button" className="button" onClick={page.onRetry}>
            {t('promotions.retry')}
          </button>
        </div>
      )}
      {page.activated && (
        <p className="promos__done" {...page.getActivatedProps()} data-testid="promotions-activated">
          {t('promotions.activated', { title: page.activated.title, percent: number(page.activated.percent) })}
        </p>
      )}
      <IqPromoRow />
      {page.isEmpty && <p data-testid="promotions-empty">{t('promotions.empty')}</p>}
      {page.rows.length > 0 && (
        <table className="promos__table" data-testid="promotions-table">
          <thead>
            <tr>
              <th scope="col">{t('promotions.col.promotion')}</th>
              <th scope="col">{t('promotions.col.gives')}</th>
              <th scope="col">{t('promotions.col.window')}</th>
              <th scope="col">{t('promotions.col.state')}</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.id} data-promotion={row.id}>
                <td>
                  <strong>{row.text.title}</strong>
                  <br />
                  <span className="muted">{row.text.gives}</span>
                </td>
                <td>
                  {t('promotions.percent', { percent: number(row.percent) })}
                  <br />
                  <span className="muted">{maxOf(row.maxText)}</span>
                  {row.currency && (
                    <>
                      <br />
                      <span className="muted">{t('promotions.only', { currency: row.currency })}</span>
                    </>
                  )}
                </td>
                <td>{t('promotions.window', { from: formatDateTime(row.startsAt), until: formatDateTime(row.endsAt) })}</td>
                <td>
                  {row.blocked === 'activated' && row.activatedAt ? (
                    <span className="promos__on" data-testid="promotion-activated">
                      {t('promotions.state.activated', { at: formatDateTime(row.activatedAt) })}
                    </span>
                  ) : row.blocked === 'not_eligible' ? (
                    <span className="muted">{t('promotions.state.not_eligible')}</span>
                  ) : (
                    <button type="button" className="button button--small" onClick={row.onOpen} data-testid="promotion-open">
                      {t('promotions.terms_button')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.terms && (
        <Modal
          title={page.terms.text.title}
          onClose={page.refusal ? page.onDismiss : page.onCancel}
          closeLabel={t('promotions.close')}
          variant={page.refusal ? 'error' : 'info'}
          footer={
            page.refusal ? (
              <button type="button" className="button" onClick={page.onDismiss} data-testid="promotion-dismiss">
                {t('promotions.close')}
              </button>
            ) : (
              <>
                <button type="button" className="button button--ghost" onClick={page.onCancel} disabled={page.isActivating}>
                  {t('promotions.cancel')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={page.activateFailed ? page.onRetryActivate : page.onConfirm}
                  disabled={page.isActivating}
                  data-testid="promotion-confirm"
                >
                  {page.isActivating ? t('promotions.activating') : page.activateFailed ? t('promotions.retry') : t('promotions.activate')}
                </button>
              </>
            )
          }
        >
          <p>
            <strong>{page.terms.text.gives}</strong>
          </p>
          <p>{t('promotions.terms.numbers', { percent: number(page.terms.percent), max: maxOf(page.terms.maxText), until: formatDateTime(page.terms.endsAt) })}</p>
          <h3>{t('promotions.terms.title')}</h3>
          <p className="promos__terms" data-testid="promotion-terms">
            {page.terms.text.terms}
          </p>
          {page.refusal && (
            <p className="form-error" {...page.getProblemProps()} data-testid="promotion-refused">
              {text(page.refusal)}
            </p>
          )}
          {page.activateFailed && (
            <p className="form-error" {...page.getProblemProps()} data-testid="promotion-failed">
              {text(page.activateFailed)}
            </p>
          )}
        </Modal>
      )}
    </div>
  );
}
