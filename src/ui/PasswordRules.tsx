import type { PasswordRule } from '../../core/password-policy';
import { useT } from '../i18n';
import './password-rules.css';

/**
 * The broker's password rules as the trader types (registration, the security page's change):
 * each rule met (✓) or not yet (•). The rules come from the one password policy through the
 * page's flow (`passwordRules`); the texts are registration's (`register.rule.*`), which the
 * page registers.
 */
export function PasswordRules({ id, rules }: { id: string; rules: readonly PasswordRule[] }) {
  const { t } = useT();
  return (
    <ul id={id} className="reg-rules" aria-label={t('register.rules')} aria-live="polite">
      {rules.map((r) => (
        <li key={r.key} className={r.ok ? 'reg-rules__ok' : undefined}>
          <span aria-hidden="true">{r.ok ? '✓' : '•'}</span> {t(r.key, r.params)}
          <span className="visually-hidden"> ({r.ok ? t('register.rule.ok') : t('register.rule.todo')})</span>
        </li>
      ))}
    </ul>
  );
}
