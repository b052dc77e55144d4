import type { AccountClosureApi } from '../../flows/closure/closure.connect';
import { useT } from '../../i18n';

/** What still stops the closure: one line per thing with the page where it is settled, and Check again. */
export function BlockerList({ page }: { page: AccountClosureApi }) {
  const { t, text } = useT();
  return (
    <section {...page.getBlockedProps()} className="panel closure__panel" data-testid="closure-blocked">
      <h2 {...page.getBlockedTitleProps()}>{t('closure.blocked.title')}</h2>
      {page.error && (
        <p key={page.shakes} {...page.getBlockedNoticeProps()} className="form-error" data-testid="closure-blocked-error">
          {text(page.error)}
        </p>
      )}
      <p className="muted">{t('closure.blocked.intro')}</p>
      <ul className="closure__blockers">
        {page.blockers.map((row) => (
          <li key={row.id} className="closure__blocker" data-testid={`closure-blocker-${row.kind}`}>
            <span className="closure__blocker-text">{text(row.message)}</span>
            <a className="button button--ghost button--small" href={row.href} data-testid={`closure-next-${row.kind}`}>
              {text(row.linkLabel)}
            </a>
          </li>
        ))}
      </ul>
      <button {...page.getCheckAgainProps()} className="button" data-testid="closure-check-again">
        {t('closure.check_again')}
      </button>
    </section>
  );
}
