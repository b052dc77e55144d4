import type { StatementRange } from '../../flows/statement/statement.connect';
import { useStatement } from '../../flows/statement/statement.flow';
import { useT } from '../../i18n';

/**
 * The History page's "Download a statement" (issue 30 §9, docs/statements.md): CSV and PDF of the
 * range the page shows, its progress with Cancel, the saved file with Save it again, a refusal or
 * failure with Try again. Spreads what useStatement gives; texts in messages.ts (statement.*).
 */
export function StatementSection({ range }: { range: StatementRange | null }) {
  const { t, text, lang } = useT();
  const statement = useStatement(range, lang);
  const link = statement.getFileLinkProps();
  return (
    <section {...statement.getRegionProps()} className="rp-statement" data-testid="statement">
      <h2 {...statement.getTitleProps()} className="rp-statement__title">
        {t('statement.title')}
      </h2>
      <p {...statement.getHintProps()} className="muted rp-statement__hint">
        {statement.range ? t('statement.intro', statement.range) : t('statement.no_range')} {t('statement.formats')}
      </p>
      <div className="rp-statement__actions">
        <button {...statement.getDownloadProps('csv')} className="button button--small" data-testid="statement-csv">
          {t('statement.csv')}
        </button>
        <button {...statement.getDownloadProps('pdf')} className="button button--small" data-testid="statement-pdf">
          {t('statement.pdf')}
        </button>
      </div>
      {statement.progress && (
        <div {...statement.getStatusProps()} className="rp-statement__status" data-testid="statement-progress">
          <label htmlFor={statement.getProgressProps().id}>
            {statement.progress.percent !== null
              ? t('statement.receiving_percent', { percent: statement.progress.percent })
              : statement.progress.started
                ? t('statement.receiving', { kb: statement.progress.kb })
                : t('statement.preparing')}
          </label>
          <progress {...statement.getProgressProps()} />
          <button {...statement.getCancelProps()} className="button button--ghost button--small">
            {t('statement.cancel')}
          </button>
        </div>
      )}
      {statement.file && link && (
        <p {...statement.getStatusProps()} className="rp-statement__status" data-testid="statement-saved">
          {t('statement.saved', statement.file)}{' '}
          <a {...link} data-testid="statement-save-again">
            {t('statement.save_again')}
          </a>
        </p>
      )}
      {statement.error && (
        <p {...statement.getErrorProps()} className="form-error rp-error" data-testid="statement-error">
          {text(statement.error)}
          {statement.retryable && (
            <>
              {' '}
              <button {...statement.getRetryProps()} className="button button--small">
                {t('statement.retry')}
              </button>
            </>
          )}
        </p>
      )}
    </section>
  );
}
