import { useRealityCheckSetting } from '../../flows/reality-check/reality-setting.flow';
import { useT } from '../../i18n';

/** The Reality check section of #/show/limits (issue 30 §2): how often the session's time and result are shown; saved as soon as picked. */
export function RealityCheckSection() {
  const { t, text } = useT();
  const setting = useRealityCheckSetting();
  return (
    <section {...setting.getSectionProps()} className="panel limits__panel" data-testid="reality-setting">
      <h2 {...setting.getTitleProps()}>{t('reality.setting.title')}</h2>
      <p className="muted">{t('reality.setting.intro')}</p>
      {setting.loading && <p {...setting.getLoadingProps()} className="muted">{t('reality.setting.loading')}</p>}
      {setting.loadFailed && (
        <div className="form-error" data-testid="reality-setting-load-failed">
          <p {...setting.getAnswerProps()}>{text(setting.error)}</p>
          <button {...setting.getRetryProps()} className="button button--small">
            {t('limits.retry')}
          </button>
        </div>
      )}
      {setting.ready && (
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
      )}
    </section>
  );
}
