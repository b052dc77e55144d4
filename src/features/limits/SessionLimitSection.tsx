import { useSessionLimitSetting } from '../../flows/limits/session-limit.flow';
import { useT } from '../../i18n';

/** The Session time section of #/show/limits (issue 30 §1): how long a session may last; saved as soon as picked. */
export function SessionLimitSection() {
  const { t, text } = useT();
  const setting = useSessionLimitSetting();
  return (
    <section {...setting.getSectionProps()} className="panel limits__panel" data-testid="session-limit">
      <h2 {...setting.getTitleProps()}>{t('limits.session.title')}</h2>
      <p className="muted">{t('limits.session.intro')}</p>
      {setting.loading && <p {...setting.getLoadingProps()} className="muted">{t('limits.session.loading')}</p>}
      {setting.loadFailed && (
        <div className="form-error" data-testid="session-limit-load-failed">
          <p {...setting.getAnswerProps()}>{text(setting.error)}</p>
          <button {...setting.getRetryProps()} className="button button--small">
            {t('limits.retry')}
          </button>
        </div>
      )}
      {setting.ready && (
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
      )}
    </section>
  );
}
