import { useAccountClosure } from '../../flows/closure/closure.flow';
import { registerMessages, useT } from '../../i18n';
import { BlockerList } from './BlockerList';
import { ClosureForm } from './ClosureForm';
import { ConfirmClosure } from './ConfirmClosure';
import { messages } from './messages';
import './closure.css';

registerMessages(messages);

/** #/show/close (issue 30 §8): what closing means, what still stops it, the form and its confirmation. */
export default function ClosePage() {
  const { t, text, lang } = useT();
  const page = useAccountClosure(lang);
  return (
    <div className="closure" data-testid="closure-page">
      <h1>{t('closure.title')}</h1>
      {page.closed ? (
        <div {...page.getClosedProps()} className="panel closure__panel closure__closed" data-testid="closure-closed">
          <p>{t('closure.closed')}</p>
        </div>
      ) : (
        <p className="closure__intro" data-testid="closure-intro">
          {t('closure.intro')}
        </p>
      )}
      {page.loading && <p {...page.getLoadingProps()} className="muted">{t('closure.loading')}</p>}
      {page.loadFailed && (
        <div {...page.getProblemProps()} className="form-error" data-testid="closure-load-failed">
          <p>{text(page.error)}</p>
          <button {...page.getRetryProps()} className="button button--small">
            {t('closure.retry')}
          </button>
        </div>
      )}
      {page.blocked && <BlockerList page={page} />}
      {page.ready && <ClosureForm page={page} />}
      {page.confirmOpen && <ConfirmClosure page={page} />}
    </div>
  );
}
