import { useSessionLimitSetting } from '../../flows/limits/session-limit.flow';
import { useT } from '../../i18n';
import { SettingSection } from './SettingSection';

/** The Session time section of #/show/limits (issue 30 §1): how long a session may last; saved as soon as picked. */
export function SessionLimitSection() {
  const { t, text } = useT();
  const setting = useSessionLimitSetting();
  return (
    <SettingSection setting={setting} testId="session-limit" title={t('limits.session.title')} intro={t('limits.session.intro')} loading={t('limits.session.loading')}>
        <div className="field limits__field reality-setting">
          <label {...setting.getSelectLabelProps()}>{t('limits.session.label')}</label>
          <select {...setting.getSelectProps()} className="reality-setting__select" data-testid="session-limit-minutes">
            {setting.options.map((option) => (
              <option key={option.value} value={option.value}>
                {text(option.label)}
              </option>
            ))}
          </select>
          <div {...setting.getStateProps()} className="muted small limits__hint">
            <p data-testid="session-limit-state">{text(setting.inForce)}</p>
            {setting.pending && <p data-testid="session-limit-pending">{text(setting.pending)}</p>}
          </div>
          {(setting.saved || setting.error) && (
            <p {...setting.getAnswerProps()} className={setting.error ? 'form-error' : 'limits__saved'} data-testid="session-limit-answer">
              {text(setting.saved ?? setting.error)}
            </p>
          )}
        </div>
    </SettingSection>
  );
}
