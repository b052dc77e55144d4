import { useState } from 'react';
import { useFactorChoice, usePasswordChange } from '../../flows/security/security.flow';
import { PASSWORD_MIN } from '../../../core/password-policy';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { PasswordRules } from '../../ui/PasswordRules';
import { messages as passwordTexts } from '../register/messages';
import { CodeEntry } from '../two-factor/CodeEntry';
import { ActiveSessionsSection } from './ActiveSessionsSection';
import { SignInHistorySection } from './SignInHistorySection';
import { AddressBookSection } from './AddressBookSection';
import { PasskeysSection } from './PasskeysSection';
import { messages } from './messages';
import { QrImage } from './QrImage';
import { RecoveryCodesDialog, RecoveryCodesSection } from './RecoveryCodes';
import '../withdrawal/withdrawal.css';

registerMessages(messages);
// the password policy's rules and refusals read as at registration (one policy, one set of texts)
registerMessages(passwordTexts);

/** The account's own pages linked under the security settings, in this order; each has `security.{page}_link` and (but closing) `security.{page}_hint`. */
const ACCOUNT_PAGES = ['limits', 'data', 'pause', 'close'] as const;

/** #/show/security (spec 002 §2, §3): password change, the two-factor method, and where the trader is signed in (issue 31 §2). */
export default function SecurityPage() {
  const { t } = useT();
  return (
    <div className="security">
      <h1 className="security__title">{t('security.title')}</h1>
      <PasswordForm />
      <FactorChoice />
      <ActiveSessionsSection />
      <PasskeysSection />
      <SignInHistorySection />
      <AddressBookSection />
      {/* plain links: the hash routes of pages of this shell (a router Link to a hash misbehaves inside a show page) */}
      {ACCOUNT_PAGES.map((page) => (
        <p key={page} className={`security__${page}`}>
          <a href={`#/show/${page}`} data-testid={`security-${page}-link`}>
            {t(`security.${page}_link`)}
          </a>
          {page !== 'close' && (
            <>
              {' '}
              <span className="muted">{t(`security.${page}_hint`)}</span>
            </>
          )}
        </p>
      ))}
    </div>
  );
}

function PasswordForm() {
  const { t, text } = useT();
  const password = usePasswordChange();
  const { error, attempts, resets, prefill } = password;
  // the new password as typed, only to show its rules (it travels in the submit event, never in the machine)
  const [typing, setTyping] = useState({ resets: 0, value: '' });
  const typed = typing.resets === resets ? typing.value : '';
  const field = (name: 'oldPassword' | 'password' | 'repeatPassword', label: string, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        autoComplete={autoComplete}
        defaultValue={name === 'oldPassword' ? prefill : ''}
        {...password.getFieldProps(name, name === 'password' ? (value) => setTyping({ resets, value }) : undefined)}
      />
    </label>
  );

  return (
    <section className="panel security__panel" {...password.getRegionProps()}>
      <h2 {...password.getTitleProps()}>{t('security.password.title')}</h2>
      {/* a successful change clears the form */}
      <form key={resets} {...password.getFormProps()}>
        {field('oldPassword', t('security.old'), 'current-password')}
        {field('password', t('security.new'), 'new-password')}
        <PasswordRules {...password.getRulesProps()} rules={password.rules(typed)} />
        {field('repeatPassword', t('security.repeat'), 'new-password')}
        <p className="muted security__hint">{t('security.hint', { min: PASSWORD_MIN })}</p>
        <label className="security__check">
          <input {...password.getEndOthersProps()} data-testid="password-end-others" /> <span>{t('security.end_others')}</span>
        </label>
        {error && (
          <p key={attempts} className="form-error shake" {...password.getErrorProps()}>
            {text(error)}
          </p>
        )}
        <button className="button" {...password.getSubmitProps()}>
          {t(password.submitLabel)}
        </button>
      </form>
    </section>
  );
}

function FactorChoice() {
  const { t } = useT();
  const choice = useFactorChoice();

  return (
    <section className="panel security__panel" {...choice.getRegionProps()}>
      <h2 {...choice.getTitleProps()}>{t('security.factor.title')}</h2>
      <p className="muted">{t('security.factor.body')}</p>
      <ul className="factor-list">
        {choice.methods.map(({ method: m, on, needsEmail, actionLabel, getToggleProps }) => (
          <li key={m} className={`factor-list__item${on ? ' factor-list__item--on' : ''}`} data-testid={`factor-${m}`}>
            <div>
              <strong>{t(`security.factor.${m}`)}</strong>
              {needsEmail && <div className="muted">{t('security.factor.google_needs_email')}</div>}
            </div>
            <div className="factor-list__actions">
              {on && <span className="badge badge--ok">{t('security.factor.on')}</span>}
              <button className={on ? 'button button--ghost button--small' : 'button button--small'} {...getToggleProps()}>
                {t(actionLabel)}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <label className="security__check">
        <input {...choice.getEndOthersProps()} data-testid="factor-end-others" /> <span>{t('security.factor.end_others')}</span>
      </label>
      {choice.requesting && <p className="muted" {...choice.getWorkingProps()}>{t('security.factor.working')}</p>}
      {choice.authenticatorOn && <RecoveryCodesSection />}
      <FactorModal choice={choice} />
      {choice.recoveryCodes && <RecoveryCodesDialog panel={choice.recoveryCodes} />}
    </section>
  );
}

function FactorModal({ choice }: { choice: ReturnType<typeof useFactorChoice> }) {
  const { t } = useT();
  const { factorEntry, googleSetup, cancel } = choice;
  if (!factorEntry) return null;
  return (
    <Modal title={t(choice.dialogTitle)} onClose={cancel} closeLabel={t('common.close')} footer={null}>
      {googleSetup && (
        <div className="google-setup">
          <p>{t('security.factor.google_scan')}</p>
          <QrImage value={googleSetup.uri} alt={t('security.factor.qr_alt')} />
          <p className="google-setup__key">
            {t('security.factor.google_key')}: <code data-testid="totp-secret">{googleSetup.secret}</code>
          </p>
        </div>
      )}
      <CodeEntry key={choice.step} entry={factorEntry} onCancel={cancel} sandboxEmail={choice.sandboxEmail} />
    </Modal>
  );
}
