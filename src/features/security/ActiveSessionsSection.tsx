import { useActiveSessions } from '../../flows/security/active-sessions.flow';
import { useT } from '../../i18n';
import { SectionLoad } from './SectionLoad';

/** "Where you're signed in" on the security page (issue 31 §2): each session, this one marked; sign out of one or of every other. */
export function ActiveSessionsSection() {
  const { t, text } = useT();
  const view = useActiveSessions();
  return (
    <section className="panel security__panel" {...view.getRegionProps()} data-testid="active-sessions">
      <h2 {...view.getTitleProps()}>{t('sessions.title')}</h2>
      <p className="muted">{t('sessions.intro')}</p>
      <SectionLoad view={view} />
      {view.items.length > 0 && (
        <ul className="sessions">
          {view.items.map((item) => (
            <li key={item.ref} className="sessions__item" data-testid="session-row" data-current={item.current}>
              <div>
                <strong>{text(item.device)}</strong>
                {item.current && <span className="badge">{t('sessions.this_device')}</span>}
                <p className="muted sessions__facts">
                  {item.ip && <span>{t('sessions.ip', { ip: item.ip })}</span>}
                  <span>{t('sessions.signed_in', { at: item.signedInAt })}</span>
                  <span>{t('sessions.last_seen', { at: item.lastSeenAt })}</span>
                </p>
              </div>
              {!item.current && (
                <button className="button button--ghost button--small" {...item.getEndProps()}>
                  {t(item.ending ? 'sessions.ending' : 'sessions.end')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(view.ended || (view.error && !view.loadFailed)) && (
        <p {...view.getAnswerProps()} className={view.error ? 'form-error' : 'form-note'}>
          {view.error ? text(view.error) : t('sessions.ended')}
        </p>
      )}
      {view.alone ? (
        <p className="muted" data-testid="sessions-alone">{t('sessions.alone')}</p>
      ) : (
        view.items.length > 0 && (
          <button className="button button--ghost" {...view.getEndOthersProps()}>
            {t('sessions.end_others')}
          </button>
        )
      )}
    </section>
  );
}
