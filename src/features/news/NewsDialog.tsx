import { useNews } from '../../flows/news/news.flow';
import { newsDate } from '../../flows/news/news.connect';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './news.css';

registerMessages(messages);

/**
 * News and analysis (the dynamic modal `news`): the list, one item, back. Everything the feed
 * sends is plain text (sanitised on the server) and rendered as text; a link is http or https
 * only and opens with rel="noopener noreferrer".
 */
export function NewsDialog(_props: { onClose: () => void }) {
  const { t, text, lang } = useT();
  const news = useNews(lang);
  return (
    <div className="news" data-testid="news" {...news.getRootProps()}>
      {news.isSandbox && (
        <p className="news__sandbox" data-testid="news-sandbox">
          <span className="badge">Sandbox</span> {t('news.sandbox')}
        </p>
      )}
      {news.isLoading && <p className="muted">{t('news.loading')}</p>}
      {news.isFailed && (
        <div className="news__failed" {...news.getProblemProps()}>
          <p>{news.error ? text(news.error) : t('news.failed')}</p>
          <div className="news__actions">
            {news.canGoBack && (
              <button type="button" className="button button--ghost" onClick={news.back}>
                {t('news.back')}
              </button>
            )}
            <button type="button" className="button" onClick={news.retry}>
              {t('news.retry')}
            </button>
          </div>
        </div>
      )}
      {(news.isList || news.isOpening) && (
        <>
          {news.items.length === 0 && <p className="muted">{t('news.empty')}</p>}
          <ul className="news__list">
            {news.items.map((item) => (
              <li key={item.id} className="news__entry">
                <button type="button" className="news__open" onClick={() => news.open(item.id)} disabled={news.isOpening} {...news.getEntryProps(item.id)} data-testid="news-entry" data-id={item.id}>
                  <span className="news__title">{item.title}</span>
                  <span className="news__meta muted">
                    <time dateTime={item.date}>{newsDate(item.date, lang)}</time> · {item.source}
                  </span>
                  <span className="news__summary">{item.summary}</span>
                </button>
              </li>
            ))}
          </ul>
          {news.isOpening && <p className="muted" {...news.getOpeningProps()}>{t('news.opening')}</p>}
        </>
      )}
      {news.isItem && news.item && (
        <article className="news__item" data-testid="news-item">
          <h3 className="news__item-title" {...news.getItemTitleProps()}>{news.item.title}</h3>
          <p className="news__meta muted">
            <time dateTime={news.item.date}>{newsDate(news.item.date, lang)}</time> · {t('news.source', { source: news.item.source })}
          </p>
          {news.item.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {news.item.href && (
            <p>
              <a href={news.item.href} target="_blank" rel="noopener noreferrer">
                {t('news.original')}
              </a>
            </p>
          )}
          <button type="button" className="button button--ghost" onClick={news.back}>
            {t('news.back')}
          </button>
        </article>
      )}
    </div>
  );
}

export default NewsDialog;
