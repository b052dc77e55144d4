import { useEffect } from 'react';
import type { ContactField } from '../../../machines/contact-form/contact-form.types';
import { useSessionBasics } from '../../flows/shell/app.flow';
import { useContactForm } from '../../flows/contact/contact-form.flow';
import { registerMessages, useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';
import { ContactInfo } from './ContactInfo';
import { messages } from './messages';
import './contact.css';

registerMessages(messages);

/** what each field is, for the browser and the screen reader */
const INPUTS: Record<ContactField, { type: string; autoComplete: string; inputMode?: 'email' | 'tel' }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  message: { type: 'textarea', autoComplete: 'off' },
};

/** /{lang}/contacts (spec 001 §5, §7-8), signed out or in: the support email and phone, and the contact form. */
export default function ContactPage() {
  const { t, text, lang } = useT();
  const form = useContactForm();
  const { signedIn } = useSessionBasics();
  const { errors, shakes } = form;

  useEffect(() => {
    document.title = `${t('contacts.title')} · ${t('app.name')}`;
  }, [t]);

  return (
    <AuthCard title={t('contacts.title')}>
      <p className="muted">{t('contacts.subtitle')}</p>
      <ContactInfo {...form} />
      {form.isForm ? (
        <form {...form.getFormProps()} className="contact-form">
          <fieldset disabled={form.isBusy}>
            {form.fields.map((field) => {
              const input = INPUTS[field];
              const props = { ...form.getFieldProps(field), autoComplete: input.autoComplete, 'data-testid': `contact-${field}` };
              return (
                <div className="field" key={field}>
                  <label {...form.getLabelProps(field)}>{t(`contacts.${field}`)}</label>
                  {input.type === 'textarea' ? <textarea {...props} rows={6} /> : <input {...props} type={input.type} inputMode={input.inputMode} />}
                  {errors[field] && (
                    <p {...form.getErrorProps(field)} className="contact-form__error" data-testid={`contact-error-${field}`}>
                      {text(errors[field])}
                    </p>
                  )}
                </div>
              );
            })}
            {/* the honeypot: hidden from people and screen readers; a bot that fills it is answered like a success and stored nowhere */}
            <div className="contact-form__trap" aria-hidden="true">
              <label {...form.getTrapLabelProps()}>{t('contacts.website')}</label>
              <input {...form.getTrapProps()} type="text" autoComplete="off" data-testid="contact-website" />
            </div>
          </fieldset>
          {form.error && (
            <p key={shakes} {...form.getResultProps()} className="form-error shake" data-testid="contact-result">
              {text(form.error)}
            </p>
          )}
          <button {...form.getSubmitProps()} className="button button--wide" data-testid="contact-submit">
            {text(form.submitLabel)}
          </button>
        </form>
      ) : (
        <div className="contact-form__sent">
          <p {...form.getSuccessProps()} className="contact-form__ok" data-testid="contact-result">
            {text(form.success)}
          </p>
          <button {...form.getAgainProps()} className="button button--ghost button--wide">
            {t('contacts.again')}
          </button>
        </div>
      )}
      <p className="auth__alt">
        {signedIn ? <a href={`/${lang}/trading`}>{t('contacts.to_trading')}</a> : <a href={`/${lang}/login`}>{t('contacts.to_login')}</a>}
      </p>
    </AuthCard>
  );
}
