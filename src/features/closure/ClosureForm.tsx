import type { AccountClosureApi } from '../../flows/closure/closure.connect';
import { useT } from '../../i18n';

/** The request: why the trader leaves, their own words, the password; its button opens the confirmation. */
export function ClosureForm({ page }: { page: AccountClosureApi }) {
  const { t, text } = useT();
  const { errors } = page;
  return (
    <section {...page.getFormRegionProps()} className="panel closure__panel">
      <h2 {...page.getFormTitleProps()}>{t('closure.form.title')}</h2>
      <form {...page.getFormProps()} className="closure__form" data-testid="closure-form">
        <div className="field">
          <label {...page.getLabelProps('reason')}>{t('closure.field.reason')}</label>
          <select {...page.getReasonProps()} data-testid="closure-reason">
            <option value="">{t('closure.field.reason_choose')}</option>
            {page.reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {text(r.label)}
              </option>
            ))}
          </select>
          {errors.reason && <p {...page.getErrorProps('reason')} className="closure__error">{text(errors.reason)}</p>}
        </div>
        <div className="field">
          <label {...page.getLabelProps('text')}>{t(page.textRequired ? 'closure.field.text_required' : 'closure.field.text')}</label>
          <textarea {...page.getTextProps()} rows={4} data-testid="closure-text" />
          <p {...page.getTextHintProps()} className="muted small">
            {t('closure.field.count', { length: page.textLength, max: page.limits.textMax })}
          </p>
          {errors.text && <p {...page.getErrorProps('text')} className="closure__error">{text(errors.text)}</p>}
        </div>
        <div className="field">
          <label {...page.getLabelProps('password')}>{t('closure.field.password')}</label>
          <input key={page.passwordKey} {...page.getPasswordProps()} data-testid="closure-password" />
          <p {...page.getPasswordHintProps()} className="muted small">
            {t('closure.field.password_hint')}
          </p>
          {errors.password && <p {...page.getErrorProps('password')} className="closure__error">{text(errors.password)}</p>}
        </div>
        {page.failed && (
          <p key={page.shakes} {...page.getFailureProps()} className="form-error shake" data-testid="closure-error">
            {text(page.error)}
          </p>
        )}
        <button {...page.getSubmitProps()} className="button closure__danger" data-testid="closure-submit">
          {t('closure.submit')}
        </button>
      </form>
    </section>
  );
}
