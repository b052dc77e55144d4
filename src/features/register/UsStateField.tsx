import type { ReactNode } from 'react';
import { US_STATES } from '../../../core/contract/us-states';
import { useT } from '../../i18n';

/** The US state select (spec 001 §3), shown for US residents only. */
export function UsStateField({ value, onChange, error, invalid }: { value: string; onChange: (value: string) => void; error: ReactNode; invalid: boolean }) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor="reg-state">{t('register.state')}</label>
      <select id="reg-state" name="state" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} autoComplete="address-level1">
        <option value="">{t('register.state_choose')}</option>
        {Object.entries(US_STATES).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}
