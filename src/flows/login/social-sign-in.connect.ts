import type { SnapshotFrom } from 'xstate';
import { findCountry } from '../../../core/contract/countries';
import { msg } from '../../../core/message';
import type { socialSignInMachine } from '../../../machines/social-sign-in/social-sign-in.machine';
import type { SocialEvent, SocialField } from '../../../machines/social-sign-in/social-sign-in.types';
import { errorIdOf, fieldProps, formProps, labelProps, submitProps } from '../shared/props';

/** the form's element ids: the registration form's (`reg-{field}`), so both pages read the same */
const socialId = (field: SocialField | 'login'): string => `reg-${field}`;

export type SocialSnapshot = SnapshotFrom<typeof socialSignInMachine>;

/** connect() for the register page after a social sign-in (/{lang}/register?social=1). */
export function connectSocial(s: SocialSnapshot, send: (event: SocialEvent) => void) {
  const submitting = s.matches('submitting') || s.matches('done');
  /** a country brings its calling code along (the first of the list's codes) */
  const change = (field: SocialField, value: string) => {
    const prefix = field === 'country' ? findCountry(value)?.prefixes[0] : undefined;
    send(prefix ? { type: 'field.change', field, value, prefix } : { type: 'field.change', field, value });
  };
  const { values, errors } = s.context;
  return {
    loading: s.matches('loading'),
    /** 'Operation failed.Please try again.' (spec 001 §8) with the way back to the login page */
    failed: s.matches('failed'),
    showForm: s.matches('details') || submitting,
    submitting,
    email: s.context.email,
    provider: s.context.provider,
    values: s.context.values,
    errors: s.context.errors,
    formError: s.context.formError,
    shakes: s.context.shakes,
    /** the US state and the notice are asked of US residents only */
    asksState: s.context.values.country === 'US',
    submitLabel: submitting ? msg('register.submitting') : msg('register.submit'),
    /** a country brings its calling code along (the first of the list's codes) */
    change,
    submit: () => send({ type: 'social.submit' }),
    getFormProps: () => formProps({ busy: submitting, onSubmit: () => send({ type: 'social.submit' }) }),
    getFieldProps: (field: Exclude<SocialField, 'usNotice' | 'terms'>) =>
      fieldProps({ id: socialId(field), name: field, value: values[field], invalid: field in errors, onValue: (v) => change(field, v) }),
    /** the provider's email: shown, locked */
    getEmailProps: () => ({ id: socialId('login'), name: 'login', value: s.context.email, readOnly: true, 'aria-readonly': true as const }),
    /** the US notice, agreed by a checkbox */
    getUsNoticeProps: () => ({
      type: 'checkbox' as const,
      checked: values.usNotice === 'yes',
      'aria-invalid': 'usNotice' in errors || undefined,
      'aria-describedby': 'usNotice' in errors ? errorIdOf(socialId('usNotice')) : undefined,
      onChange: (e: { target: { checked: boolean } }) => change('usNotice', e.target.checked ? 'yes' : ''),
    }),
    /** the legal documents, accepted by a checkbox (unticked at first); read with the hint that they open in a new tab */
    getTermsProps: () => ({
      id: socialId('terms'),
      type: 'checkbox' as const,
      checked: values.terms === 'yes',
      'aria-invalid': 'terms' in errors || undefined,
      'aria-describedby': [`${socialId('terms')}-hint`, ...('terms' in errors ? [errorIdOf(socialId('terms'))] : [])].join(' '),
      onChange: (e: { target: { checked: boolean } }) => change('terms', e.target.checked ? 'yes' : ''),
    }),
    getTermsHintProps: () => ({ id: `${socialId('terms')}-hint` }),
    getLabelProps: (field: SocialField | 'login') => labelProps(socialId(field)),
    getErrorProps: (field: SocialField) => ({ id: errorIdOf(socialId(field)) }),
    getSubmitProps: () => submitProps({ busy: submitting }),
    /** the sign-in failed, or the form was refused: announced at once */
    getAlertProps: () => ({ role: 'alert' as const }),
  };
}

export type SocialApi = ReturnType<typeof connectSocial>;
