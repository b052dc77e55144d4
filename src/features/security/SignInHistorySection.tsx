import { useSignInHistory } from '../../flows/security/sign-in-history.flow';
import { useT } from '../../i18n';
import { NotMeDialog } from './NotMeDialog';
import { SectionLoad } from './SectionLoad';

/** "Sign-in history" on the security page (issue 31 §1, §3): the last 90 days, newest first, a page at a time; CSV; "This wasn't me" for a new device. */
export function SignInHistorySection() {
  const { t, text, lang } = useT();
  const view = useSignInHistory(lang);
  return (
    <section className="panel security__panel" {...view.getRegionProps()} data-testid="sign-in-history">
      <h2 {...view.getTitleProps()}>{t('history.title')}</h2>
      <p className="muted">{t('history.intro')}</p>
      <p>
        <a {...view.getDownloadProps()} data-testid="sign-in-csv">
          {t('history.download')}
        </a>
      </p>
      <SectionLoad view={view} />
      {view.empty && <p className="muted">{t('history.empty')}</p>}
      {view.items.length > 0 && (
        <ul className="sessions sign-ins">
          {view.items.map((item) => (
            <li key={item.id} className={`sessions__item sign-ins__item sign-ins__item--${item.tone}`} data-testid="sign-in-row" data-new-device={item.newDevice}>
              <div>
                <strong>{text(item.what)}</strong> <span className="muted">· {text(item.method)}</span>
                {item.newDevice && <span className="badge">{t('history.new_device')}</span>}
                <p className="muted sessions__facts">
                  <span>{item.at}</span>
                  <span>{text(item.device)}</span>
                  {item.ip && <span>{t('sessions.ip', { ip: item.ip })}</span>}
                  {item.country && <span>{item.country}</span>}
                </p>
              </div>
              {item.getNotMeProps && (
                <button className="button button--ghost button--small" {...item.getNotMeProps()} data-testid="not-me">
                  {t('history.not_me')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {view.moreFailed && view.error && (
        <p className="form-error" {...view.getProblemProps()}>
          {text(view.error)}
        </p>
      )}
      {view.canMore && (
        <button className="button button--ghost" {...view.getMoreProps()} data-testid="sign-in-more">
          {t(view.loadingMore ? 'history.more_loading' : 'history.more')}
        </button>
      )}
      {view.notMe && <NotMeDialog actor={view.notMe} />}
    </section>
  );
}
