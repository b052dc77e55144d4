import { useRealityCheck } from '../../flows/reality-check/reality-check.flow';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { messages } from './messages';

registerMessages(messages);

/**
 * The reality check of the trading shell (issue 30 §2), mounted once for a signed-in trader: the
 * dialog every N minutes of the session, when the attention arbiter grants it (renders nothing
 * otherwise). Escape and the close button are Continue.
 */
export default function RealityCheck() {
  const { t, text, lang } = useT();
  const check = useRealityCheck(lang);
  if (!check.open) return null;
  return (
    <Modal
      title={t('reality.title')}
      variant="warning"
      onClose={check.onClose}
      closeLabel={t('reality.close')}
      className="reality"
      testId="reality-check"
      footer={
        <div className="reality__actions">
          <button {...check.getContinueProps()} className="button" data-testid="reality-continue">
            {t('reality.continue')}
          </button>
          <button {...check.getLimitsProps()} className="button button--ghost" data-testid="reality-limits">
            {t('reality.limits')}
          </button>
          <button {...check.getBreakProps()} className="button button--ghost" data-testid="reality-break">
            {t('reality.break')}
          </button>
        </div>
      }
    >
      {check.minutes > 0 && <p className="muted">{t('reality.intro', { minutes: check.minutes })}</p>}
      <div {...check.getFiguresProps()} data-testid="reality-figures">
      <dl className="reality__figures">
        <div>
          <dt>{t('reality.time_label')}</dt>
          <dd data-testid="reality-time">{text(check.duration)}</dd>
        </div>
        {check.trades && (
          <div>
            <dt>{t('reality.trades_label')}</dt>
            <dd data-testid="reality-trades">{text(check.trades)}</dd>
          </div>
        )}
        {check.net && (
          <div>
            <dt>{t('reality.net_label')}</dt>
            <dd className={check.net.loss ? 'reality__net reality__net--loss' : 'reality__net'} data-testid="reality-net">
              {text(check.net.message)}
            </dd>
          </div>
        )}
      </dl>
      </div>
      {check.loading && <p className="muted">{t('reality.loading')}</p>}
      {check.failed && (
        <p {...check.getProblemProps()} className="form-error" data-testid="reality-failed">
          {text(check.error)}
        </p>
      )}
      <p className="muted small">{t('reality.break_hint')}</p>
    </Modal>
  );
}
