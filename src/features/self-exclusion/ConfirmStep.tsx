import type { SelfExclusionApi } from '../../flows/self-exclusion/self-exclusion.connect';
import { useT } from '../../i18n';

/** What happens and until when, "This cannot be undone early", the password; the one button starts it, "Change my choice" goes back. */
export function ConfirmStep({ page }: { page: SelfExclusionApi }) {
  const { t, text } = useT();
  const { errors } = page;
  return (
    <section {...page.getConfirmRegionProps()} className="panel pause__panel" data-testid="pause-confirm">
      <h2 {...page.getConfirmTitleProps()}>{t(page.confirmTitle.key, { length: text(page.length) })}</h2>
      <p className="pause__ends" data-testid="pause-ends">
        {text(page.endsMessage)}
      </p>
      <p className="pause__what">{t('pause.confirm.what')}</p>
      <ul className="pause__effects">
        <li>{t('pause.confirm.signed_out')}</li>
        <li>{t('pause.confirm.no_sign_in')}</li>
        <li>{t('pause.confirm.no_marketing')}</li>
        <li>{t('pause.confirm.withdrawals')}</li>
      </ul>
      <p className="pause__final" data-testid="pause-final">
        {t('pause.confirm.final')}
      </p>
      <form {...page.getConfirmFormProps()} className="pause__form">
        <div className="field">
          <label {...page.getPasswordLabelProps()}>{t('pause.field.password')}</label>
          <input key={page.passwordKey} {...page.getPasswordProps()} data-testid="pause-password" />
          <p {...page.getPasswordHintProps()} className="muted small">
            {t('pause.field.password_hint')}
          </p>
          {errors.password && (
            <p {...page.getErrorProps('password')} className="pause__error">
              {text(errors.password)}
            </p>
          )}
        </div>
        {page.error && (
          <p key={page.shakes} {...page.getFailureProps()} className="form-error shake" data-testid="pause-error">
            {text(page.error)}
          </p>
        )}
        <div className="pause__actions">
          <button {...page.getSubmitProps()} className="button pause__danger" data-testid="pause-submit">
            {text(page.submitLabel)}
          </button>
          <button {...page.getBackProps()} className="button button--ghost" data-testid="pause-back">
            {t('pause.back')}
          </button>
        </div>
      </form>
    </section>
  );
}
