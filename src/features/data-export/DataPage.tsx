import { useDataExport } from '../../flows/data-export/data-export.flow';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './data-export.css';

registerMessages(messages);

/** #/show/data (issue 30 §9): prepare an export of my data, its progress, the one download. */
export default function DataPage() {
  const { t, text, lang } = useT();
  const page = useDataExport(lang);
  return (
    <section className="panel data-export" data-testid="data-page" {...page.getRegionProps()}>
      <h1 {...page.getTitleProps()}>{t('dataExport.title')}</h1>
      <p data-testid="data-intro">{t('dataExport.intro')}</p>
      <div {...page.getStatusProps()} className="data-export__status" data-testid="data-status" data-phase={page.phase}>
        {page.status && <p>{text(page.status)}</p>}
        {page.progress && <progress {...page.getProgressProps()} data-testid="data-progress" />}
      </div>
      {page.error && (
        <p {...page.getErrorProps()} className="form-error" data-testid="data-error">
          {text(page.error)}
        </p>
      )}
      <p>
        {page.canStart && (
          <button {...page.getStartProps()} className="button" data-testid="data-start">
            {t(page.newExport ? 'dataExport.start_new' : 'dataExport.start')}
          </button>
        )}
        {page.canRetry && (
          <button {...page.getRetryProps()} className="button button--ghost" data-testid="data-retry">
            {t('dataExport.retry')}
          </button>
        )}
        {page.canDownload && (
          <button {...page.getDownloadProps()} className="button" data-testid="data-download">
            {t('dataExport.download')}
          </button>
        )}
      </p>
    </section>
  );
}
