import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { FactorType } from '../../../machines/two-factor/two-factor.types';
import { selectSettings, selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { passwordFlow, storedGoogleValue, twoFactorChoiceFlow } from '../../flows/security';
import {
  selectChoiceStep,
  selectCurrentMethod,
  selectInvalidField,
  selectPasswordAttempts,
  selectPasswordBusy,
  passwordRules,
  selectPasswordError,
  selectPasswordLogin,
  selectPasswordResets,
  selectPrefill,
  selectQr,
} from '../../flows/security-view';
import { selectFactorChild } from '../../flows/two-factor-view';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { PasswordRules } from '../../ui/PasswordRules';
import { messages as passwordTexts } from '../register/messages';
import { CodeEntry } from '../two-factor/CodeEntry';
import { messages } from './messages';
import { QrImage } from './QrImage';
import '../withdrawal/withdrawal.css';

registerMessages(messages);
// the password policy's rules and refusals read as at registration (one policy, one set of texts)
registerMessages(passwordTexts);

/** #/show/security (spec 002 §2, §3): password change and the two-factor method. */
export default function SecurityPage() {
  const { t } = useT();
  return (
    <div className="security">
      <h1 className="security__title">{t('security.title')}</h1>
      <PasswordForm />
      <FactorChoice />
    </div>
  );
}

function PasswordForm() {
  const { t, text } = useT();
  const user = useSelector(sessionActor, selectUser);
  const actor = useActorRef(passwordFlow, { input: { storedGoogle: storedGoogleValue(), login: user?.email ?? '' }, inspect });
  const login = useSelector(actor, selectPasswordLogin);
  const rulesId = useId();
  const error = useSelector(actor, selectPasswordError);
  const invalid = useSelector(actor, selectInvalidField);
  const attempts = useSelector(actor, selectPasswordAttempts);
  const resets = useSelector(actor, selectPasswordResets);
  // the new password as typed, only to show its rules (it travels in the submit event, never in the machine)
  const [typing, setTyping] = useState({ resets: 0, value: '' });
  const typed = typing.resets === resets ? typing.value : '';
  const prefill = useSelector(actor, selectPrefill);
  const busy = useSelector(actor, selectPasswordBusy);
  const form = useRef<HTMLFormElement>(null);

  // the first invalid field gets the focus (spec 002 §5), again on every failed submit
  useEffect(() => {
    if (invalid) form.current?.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
  }, [invalid, attempts]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    actor.send({
      type: 'form.submit',
      oldPassword: String(data.get('oldPassword') ?? ''),
      password: String(data.get('password') ?? ''),
      repeatPassword: String(data.get('repeatPassword') ?? ''),
    });
  };
  const field = (name: 'oldPassword' | 'password' | 'repeatPassword', label: string, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        type="password"
        autoComplete={autoComplete}
        defaultValue={name === 'oldPassword' ? prefill : ''}
        aria-invalid={invalid === name}
        aria-describedby={name === 'password' ? rulesId : undefined}
        onChange={name === 'password' ? (e) => setTyping({ resets, value: e.target.value }) : undefined}
        disabled={busy}
      />
    </label>
  );

  return (
    <section className="panel security__panel" aria-labelledby="pw-title">
      <h2 id="pw-title">{t('security.password.title')}</h2>
      {/* a successful change clears the form */}
      <form key={resets} ref={form} onSubmit={submit} noValidate onChange={() => error && actor.send({ type: 'form.edit' })} aria-busy={busy}>
        {field('oldPassword', t('security.old'), 'current-password')}
        {field('password', t('security.new'), 'new-password')}
        <PasswordRules id={rulesId} rules={passwordRules(typed, login)} />
        {field('repeatPassword', t('security.repeat'), 'new-password')}
        <p className="muted security__hint">{t('security.hint')}</p>
        {error && (
          <p key={attempts} className="form-error shake" role="alert">
            {text(error)}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('security.submitting') : t('security.submit')}
        </button>
      </form>
    </section>
  );
}

type ChoiceRef = ActorRefFrom<typeof twoFactorChoiceFlow>;
const METHODS: FactorType[] = ['email', 'google', 'sms'];

function FactorChoice() {
  const { t } = useT();
  const user = useSelector(sessionActor, selectUser);
  const actor = useActorRef(twoFactorChoiceFlow, { input: { current: user?.two_factor ?? '' }, inspect });
  const current = useSelector(actor, selectCurrentMethod);
  const step = useSelector(actor, selectChoiceStep);
  const working = step !== 'idle';

  // follow the user when it changes elsewhere (another tab, a push)
  const fromUser = user?.two_factor ?? '';
  useEffect(() => {
    actor.send({ type: 'method.sync', current: fromUser });
  }, [actor, fromUser]);

  return (
    <section className="panel security__panel" aria-labelledby="tf-title" aria-busy={working}>
      <h2 id="tf-title">{t('security.factor.title')}</h2>
      <p className="muted">{t('security.factor.body')}</p>
      <ul className="factor-list">
        {METHODS.map((m) => {
          const on = current === m;
          return (
            <li key={m} className={`factor-list__item${on ? ' factor-list__item--on' : ''}`} data-testid={`factor-${m}`}>
              <div>
                <strong>{t(`security.factor.${m}`)}</strong>
                {m === 'google' && !on && <div className="muted">{t('security.factor.google_needs_email')}</div>}
              </div>
              <div className="factor-list__actions">
                {on && <span className="badge badge--ok">{t('security.factor.on')}</span>}
                <button
                  type="button"
                  className={on ? 'button button--ghost button--small' : 'button button--small'}
                  disabled={working}
                  onClick={() => actor.send({ type: 'method.choose', method: m, enable: !on })}
                >
                  {on ? t('security.factor.turn_off') : t('security.factor.turn_on')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {step === 'requesting' && <p className="muted" role="status">{t('security.factor.working')}</p>}
      <FactorModal actor={actor} />
    </section>
  );
}

function FactorModal({ actor }: { actor: ChoiceRef }) {
  const { t } = useT();
  const step = useSelector(actor, selectChoiceStep);
  const entry = useSelector(actor, selectFactorChild);
  const qr = useSelector(actor, selectQr);
  const user = useSelector(sessionActor, selectUser);
  const sandbox = useSelector(sessionActor, (s) => selectSettings(s)?.sandbox ?? false);
  if (!entry) return null;
  const cancel = () => actor.send({ type: 'factor.cancel' });
  const title =
    step === 'confirmingCurrent' ? t('security.factor.current_title') : step === 'google' ? t('security.factor.google_title') : t('security.factor.code_title');
  return (
    <Modal title={title} onClose={cancel} closeLabel={t('common.close')} footer={null}>
      {step === 'google' && (
        <div className="google-setup">
          <p>{t('security.factor.google_scan')}</p>
          <QrImage value={qr.uri} alt={t('security.factor.qr_alt')} />
          <p className="google-setup__key">
            {t('security.factor.google_key')}: <code data-testid="totp-secret">{qr.secret}</code>
          </p>
        </div>
      )}
      <CodeEntry key={step} entry={entry} onCancel={cancel} sandboxEmail={sandbox ? user?.email : undefined} />
    </Modal>
  );
}
