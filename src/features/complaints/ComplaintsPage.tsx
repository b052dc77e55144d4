import { useComplaints } from '../../flows/complaints/complaints.flow';
import { registerMessages, useT } from '../../i18n';
import { ComplaintForm } from './ComplaintForm';
import { ComplaintList } from './ComplaintList';
import { messages } from './messages';
import './complaints.css';

registerMessages(messages);

/** #/show/complaints (issue 30 §7): a complaint, distinct from support; the trader's complaints and their answers. */
export default function ComplaintsPage() {
  const { t, text } = useT();
  const page = useComplaints();
  return (
    <div className="complaints" data-testid="complaints-page">
      <h1>{t('complaints.title')}</h1>
      <p className="muted">
        {t('complaints.intro', { months: page.limits.answerMonths })} <a href="#/show/support">{t('complaints.support_link')}</a>
      </p>
      {page.loading && <p {...page.getLoadingProps()} className="muted">{t('complaints.loading')}</p>}
      {page.loadFailed && (
        <div {...page.getProblemProps()} className="form-error" data-testid="complaints-load-failed">
          <p>{text(page.error)}</p>
          <button {...page.getRetryProps()} className="button button--small">
            {t('complaints.retry')}
          </button>
        </div>
      )}
      {page.ready && (
        <div className="complaints__body">
          <ComplaintForm page={page} />
          <ComplaintList page={page} />
        </div>
      )}
    </div>
  );
}
