import { useRealityCheckSetting } from '../../flows/reality-check/reality-setting.flow';
import { useT } from '../../i18n';
import { SettingSection } from './SettingSection';

/** The Reality check section of #/show/limits (issue 30 §2): how often the session's time and result are shown; saved as soon as picked. */
export function RealityCheckSection() {
  const { t, text } = useT();
  const setting = useRealityCheckSetting();
  return (
    <SettingSection setting={setting} testId="reality-setting" title={t('reality.setting.title')} intro={t('reality.setting.intro')} loading={t('reality.setting.loading')}>
        <div className="field limits__field reality-setting">
          <label {...setting.getSelectLabelProps()}>{t('reality.setting.label')}</label>
          <select {...setting.getSelectProps()} className="reality-setting__select" data-testid="reality-minutes">
            {setting.options.map((option) => (
              <option key={option.value} value={option.value}>
                {text(option.label)}
              </option>
            ))}
          </select>
          <p {...setting.getSourceProps()} className="muted small limits__hint" data-testid="reality-source">
            {text(setting.source)}
          </p>
          {(setting.saved || setting.error) && (
            <p {...setting.getAnswerProps()} className={setting.error ? 'form-error' : 'limits__saved'} data-testid="reality-answer">
              {text(setting.saved ?? setting.error)}
            </p>
          )}
        </div>
    </SettingSection>
  );
}
