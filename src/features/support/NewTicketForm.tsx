import type { useNewTicket } from '../../flows/support/support.flow';
import { useT } from '../../i18n';
import { AttachmentField } from './AttachmentField';

type NewTicketView = ReturnType<typeof useNewTicket>;

/** The new ticket form (the page's and the dialog's): department, priority, subject, message, attachments. */
export function NewTicketForm({ form, onCancel }: { form: NewTicketView; onCancel?: () => void }) {
  const { t, text } = useT();
  if (form.loading) return <p {...form.getLoadingProps()} className="muted">{t('support.form.loading')}</p>;
  if (form.failed) {
    return (
      <div {...form.getProblemProps()} className="form-error">
        {form.error && text(form.error)}{' '}
        <button {...form.getRetryProps()} className="button button--small">
          {t('support.retry')}
        </button>
      </div>
    );
  }
  if (form.success) {
    return (
      <p {...form.getSuccessProps()} className="sp-success" data-testid="support-created">
        {text(form.success)}
      </p>
    );
  }
  return (
    <form {...form.getFormProps()} className="sp-form" data-testid="support-new-form">
      {form.about && <p className="sp-about" data-testid="support-about">{text(form.about)}</p>}
      <div className="sp-form__row">
        <label>
          {t('support.field.department')}
          <select value={form.department} onChange={(e) => form.change('department', e.target.value)} data-testid="support-department">
            {form.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('support.field.priority')}
          <select value={form.priority} onChange={(e) => form.change('priority', e.target.value)} data-testid="support-priority">
            {form.priorities.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        {t('support.field.subject')}
        <input {...form.getFieldProps('subject')} maxLength={form.limits.subject + 50} data-testid="support-subject" />
      </label>
      {form.subjectError && <p {...form.getErrorProps('subject')} className="form-error" data-testid="support-subject-error">{text(form.subjectError)}</p>}
      <label>
        {t('support.field.content')}
        <textarea {...form.getFieldProps('content')} rows={6} data-testid="support-content" />
      </label>
      <p className="muted small sp-count">{t('support.field.count', { length: form.content.length, max: form.limits.content })}</p>
      {form.contentError && <p {...form.getErrorProps('content')} className="form-error" data-testid="support-content-error">{text(form.contentError)}</p>}
      <AttachmentField api={form} files={form.files} testId="support-new-attachment-input" />
      {form.error && (
        <p {...form.getErrorMessageProps()} className="form-error" data-testid="support-new-error">
          {text(form.error)}
        </p>
      )}
      <div className="sp-form__actions">
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('support.cancel')}
          </button>
        )}
        <button {...form.getSubmitProps()} className="button" data-testid="support-new-submit">
          {t(form.sending ? 'support.submitting' : 'support.submit')}
        </button>
      </div>
    </form>
  );
}
