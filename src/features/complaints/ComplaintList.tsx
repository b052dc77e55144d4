import type { ComplaintsApi } from '../../flows/complaints/complaints.connect';
import { formatDate, formatDateTime } from '../../flows/shared/dates';
import { useT } from '../../i18n';

/** The trader's complaints, newest first: reference, status, the due date, and the final answer with the ombudsman. */
export function ComplaintList({ page }: { page: ComplaintsApi }) {
  const { t, text } = useT();
  return (
    <section {...page.getListRegionProps()} className="panel complaints__panel">
      <h2 {...page.getListTitleProps()}>{t('complaints.list.title')}</h2>
      {page.complaints.length === 0 ? (
        <p className="muted">{t('complaints.list.empty')}</p>
      ) : (
        <ul className="complaints__list" data-testid="complaint-list">
          {page.complaints.map((c) => (
            <li key={c.reference} className="complaints__item" data-testid={`complaint-${c.reference}`}>
              <article {...page.getItemProps(c.reference)}>
                <h3 {...page.getItemTitleProps(c.reference)} className="complaints__item-title">
                  <span className="complaints__ref">{c.reference}</span> {c.subject}
                </h3>
                <p className="complaints__meta">
                  <span className={c.answered ? 'complaints__status complaints__status--done' : 'complaints__status'}>{text(c.status)}</span>
                  <span>{text(c.category)}</span>
                  <span>{t('complaints.list.made', { date: formatDate(c.createdAt) })}</span>
                  {!c.answered && <span>{t('complaints.list.due', { date: formatDate(c.dueAt) })}</span>}
                </p>
                <p className="complaints__text">{c.text}</p>
                {c.answer && (
                  <div className="complaints__answer" data-testid="complaint-answer">
                    <h4>{t('complaints.answer.title')}</h4>
                    <p className="muted small">{t('complaints.list.answered_at', { date: formatDateTime(c.answer.at) })}</p>
                    <p className="complaints__text">{c.answer.text}</p>
                    <p>
                      {t('complaints.answer.ombudsman', { name: c.answer.ombudsman.name })}{' '}
                      <a href={c.answer.ombudsman.url} target="_blank" rel="noopener noreferrer">
                        {c.answer.ombudsman.url}
                      </a>
                    </p>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
