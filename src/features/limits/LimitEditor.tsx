import type { TraderLimitsApi } from '../../flows/limits/limits.connect';
import { useT } from '../../i18n';

/** The open row's editor: the amount in the trader's currency, Save, Remove limit (where one is in force), Cancel. */
export function LimitEditor({ page, period }: { page: TraderLimitsApi; period: string }) {
  const { t, text } = useT();
  return (
    <form {...page.getFormProps()} className="limits__editor" data-testid="limit-editor">
      <div className="field limits__field">
        <label {...page.getAmountLabelProps()}>{t('limits.amount_label', { period, currency: page.currency })}</label>
        <div className="limits__input">
          <input {...page.getAmountFieldProps()} type="text" maxLength={40} data-testid="limit-amount" />
          <span className="limits__currency" aria-hidden="true">
            {page.currency}
          </span>
        </div>
        <p {...page.getAmountHintProps()} className="muted small limits__hint">
          {t('limits.amount_hint', { max: page.maxLimit })}
        </p>
        {page.amountError && (
          <p key={page.shakes} {...page.getAmountErrorProps()} className="limits__error shake" data-testid="limit-amount-error">
            {text(page.amountError)}
          </p>
        )}
      </div>
      {page.failed && (
        <p key={page.shakes} {...page.getFailureProps()} className="form-error shake" data-testid="limit-error">
          {text(page.error)}
        </p>
      )}
      <div className="limits__actions">
        <button {...page.getSaveProps()} className="button" data-testid="limit-save">
          {text(page.saveLabel)}
        </button>
        {page.editing?.removable && (
          <button {...page.getRemoveProps()} className="button button--ghost" data-testid="limit-remove">
            {t('limits.remove')}
          </button>
        )}
        <button {...page.getCancelProps()} className="button button--ghost" data-testid="limit-cancel">
          {t('limits.cancel')}
        </button>
      </div>
    </form>
  );
}
