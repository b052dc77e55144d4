import type { SnapshotFrom } from 'xstate';
import { findCountry } from '../../../core/contract/countries';
import { msg } from '../../../core/message';
import type { socialSignInMachine } from '../../../machines/social-sign-in/social-sign-in.machine';
import type { SocialEvent, SocialField } from '../../../machines/social-sign-in/social-sign-in.types';

export type SocialSnapshot = SnapshotFrom<typeof socialSignInMachine>;

/** connect() for the register page after a social sign-in (/{lang}/register?social=1). */
export function connectSocial(s: SocialSnapshot, send: (event: SocialEvent) => void) {
  const submitting = s.matches('submitting') || s.matches('done');
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
    change: (field: SocialField, value: string) => {
      const prefix = field === 'country' ? findCountry(value)?.prefixes[0] : undefined;
      send(prefix ? { type: 'field.change', field, value, prefix } : { type: 'field.change', field, value });
    },
    submit: () => send({ type: 'social.submit' }),
  };
}

export type SocialApi = ReturnType<typeof connectSocial>;
