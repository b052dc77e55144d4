import type { LabelHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { US_STATES } from '../../../core/contract/us-states';
import { useT } from '../../i18n';

/** The US state select (spec 001 §3), shown for US residents only. */
export function UsStateField({ field, label, error }: { field: SelectHTMLAttributes<HTMLSelectElement>; label: LabelHTMLAttributes<HTMLLabelElement>; error: ReactNode }) {
  const { t } = useT();
  return (
    <div className="field">
      <label {...label}>{t('register.state')}</label>
      <select {...field} autoComplete="address-level1">
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
