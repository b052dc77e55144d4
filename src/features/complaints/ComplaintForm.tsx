import type { ComplaintsApi } from '../../flows/complaints/complaints.connect';
import { formatDateTime } from '../../flows/shared/dates';
import { useT } from '../../i18n';

/** The new complaint: category, subject, what happened; then its reference and due date. */
export function ComplaintForm({ page }: { page: ComplaintsApi }) {
  const { t, text } = useT();
  const { values, errors } = page;
  return (
    <section {...page.getFormRegionProps()} className="panel complaints__panel">
      <h2 {...page.getFormTitleProps()}>{t('complaints.form.title')}</h2>
      {page.made ? (
        <div {...page.getMadeProps()} className="complaints__made" data-testid="complaint-made">
          <p className="complaints__made-title">{t('complaints.made.title')}</p>
          <p className="complaints__reference" data-testid="complaint-reference">
            {t('complaints.made.reference', { reference: page.made.reference })}
          </p>
          <p>{t('complaints.made.body', { due: formatDateTime(page.made.dueAt) })}</p>
          <button {...page.getAnotherProps()} className="button button--ghost">
            {t('complaints.another')}
          </button>
        </div>
      ) : (
        <form {...page.getFormProps()} className="complaints__form" data-testid="complaint-form">
          <div className="field">
            <label {...page.getLabelProps('category')}>{t('complaints.field.category')}</label>
            <select {...page.getFieldProps('category')} data-testid="complaint-category">
              <option value="">{t('complaints.field.category_choose')}</option>
              {page.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {text(c.label)}
                </option>
              ))}
            </select>
            {errors.category && <p {...page.getErrorProps('category')} className="complaints__error">{text(errors.category)}</p>}
          </div>
          <div className="field">
            <label {...page.getLabelProps('subject')}>{t('complaints.field.subject')}</label>
            <input {...page.getFieldProps('subject')} type="text" autoComplete="off" maxLength={page.limits.subject + 20} data-testid="complaint-subject" />
            {errors.subject && <p {...page.getErrorProps('subject')} className="complaints__error">{text(errors.subject)}</p>}
          </div>
          <div className="field">
            <label {...page.getLabelProps('text')}>{t('complaints.field.text')}</label>
            <textarea {...page.getFieldProps('text')} rows={7} data-testid="complaint-text" />
            <p className="muted small">
              {t('complaints.field.text_hint')} {t('complaints.field.count', { length: values.text.length, max: page.limits.text })}
            </p>
            {errors.text && <p {...page.getErrorProps('text')} className="complaints__error">{text(errors.text)}</p>}
          </div>
          {page.error && (
            <p key={page.shakes} {...page.getErrorMessageProps()} className="form-error shake" data-testid="complaint-error">
              {text(page.error)}
            </p>
          )}
          <button {...page.getSubmitProps()} className="button" data-testid="complaint-submit">
            {text(page.submitLabel)}
          </button>
        </form>
      )}
    </section>
  );
}
