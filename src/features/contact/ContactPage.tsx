import { useEffect, type FormEvent } from 'react';
import type { ContactField } from '../../../machines/contact-form/contact-form.types';
import { useSessionBasics } from '../../flows/shell/app.flow';
import { useContactForm } from '../../flows/contact/contact-form.flow';
import { registerMessages, useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';
import { ContactInfo } from './ContactInfo';
import { messages } from './messages';
import './contact.css';

registerMessages(messages);

const id = (field: string) => `contact-${field}`;

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
  const { values, errors, shakes, firstBadField } = form;

  useEffect(() => {
    document.title = `${t('contacts.title')} · ${t('app.name')}`;
  }, [t]);

  // a refused submit: the first field to correct takes the focus
  useEffect(() => {
    if (shakes > 0 && firstBadField) document.getElementById(id(firstBadField))?.focus();
    // only on a new refusal
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shakes]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.onSubmit();
  };

  return (
    <AuthCard title={t('contacts.title')}>
      <p className="muted">{t('contacts.subtitle')}</p>
      <ContactInfo {...form} />
      {form.isForm ? (
        <form className="contact-form" onSubmit={submit} noValidate aria-busy={form.isBusy}>
          <fieldset disabled={form.isBusy}>
            {form.fields.map((field) => {
              const input = INPUTS[field];
              const props = {
                id: id(field),
                name: field,
                value: values[field],
                autoComplete: input.autoComplete,
                onChange: (e: { target: { value: string } }) => form.onChange(field, e.target.value),
                'aria-invalid': field in errors || undefined,
                'aria-describedby': field in errors ? `${id(field)}-error` : undefined,
                'data-testid': `contact-${field}`,
              };
              return (
                <div className="field" key={field}>
                  <label htmlFor={id(field)}>{t(`contacts.${field}`)}</label>
                  {input.type === 'textarea' ? <textarea {...props} rows={6} /> : <input {...props} type={input.type} inputMode={input.inputMode} />}
                  {errors[field] && (
                    <p id={`${id(field)}-error`} className="contact-form__error" data-testid={`contact-error-${field}`}>
                      {text(errors[field])}
                    </p>
                  )}
                </div>
              );
            })}
            {/* the honeypot: hidden from people and screen readers; a bot that fills it is answered like a success and stored nowhere */}
            <div className="contact-form__trap" aria-hidden="true">
              <label htmlFor={id('website')}>{t('contacts.website')}</label>
              <input
                id={id('website')}
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(e) => form.onChange('website', e.target.value)}
                data-testid="contact-website"
              />
            </div>
          </fieldset>
          {form.error && (
            <p key={shakes} className="form-error shake" role="alert" data-testid="contact-result">
              {text(form.error)}
            </p>
          )}
          <button className="button button--wide" type="submit" disabled={form.isBusy} data-testid="contact-submit">
            {text(form.submitLabel)}
          </button>
        </form>
      ) : (
        <div className="contact-form__sent">
          <p className="contact-form__ok" role="status" data-testid="contact-result">
            {text(form.success)}
          </p>
          <button type="button" className="button button--ghost button--wide" onClick={form.onAgain}>
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
